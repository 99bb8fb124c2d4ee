/**
 * One Babel configuration for every package: webpack (babel-loader) and jest
 * (babel-jest) both load it with rootMode "upward", so the lingui macro, JSX
 * and TypeScript are compiled the same way in the browser and in tests.
 */
module.exports = (api) => {
  const isTest = api.env('test');
  return {
    presets: [
      [
        '@babel/preset-env',
        isTest
          ? // jest runs CommonJS without VM modules, so lazy imports (catalogs, pages) become require calls.
            { targets: { node: 'current' }, modules: 'commonjs' }
          : { targets: 'defaults and supports es6-module', bugfixes: true, modules: false },
      ],
      ['@babel/preset-react', { runtime: 'automatic' }],
      ['@babel/preset-typescript', { allowDeclareFields: true }],
    ],
    plugins: ['@lingui/babel-plugin-lingui-macro'],
  };
};
