const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { createAppConfig } = require('shared/build/webpack');

const EMBED_DIR = 'embed';

const federated = createAppConfig({
  appDir: __dirname,
  name: 'mfe_chat',
  role: 'remote',
  title: 'mfe-chat · Fundament',
  exposes: {
    './Widget': './src/app/widget.tsx',
    './mount': './src/embed/mount.tsx',
  },
});

/**
 * Two builds: the federated remote (for the shell), and the self-contained
 * embed for third-party pages, React and both catalogs bundled in one file
 * with a stable name (`dist/embed/support-chat.js`) and no federation runtime.
 */
module.exports = (env, argv = {}) => {
  const remote = federated(env, argv);
  const dev = remote.mode === 'development';
  // Every build writes under dist/: the remote's clean must leave the embed's and the package's folders alone.
  const others = [EMBED_DIR, 'lib', 'types'];
  remote.output.clean = { keep: (asset) => others.some((dir) => asset === dir || asset.startsWith(`${dir}/`)) };

  const embed = {
    name: 'embed',
    mode: remote.mode,
    context: __dirname,
    target: 'web',
    entry: {
      'support-chat': './src/embed/embed.ts',
      demo: './src/embed/demo.ts',
    },
    output: {
      path: path.join(__dirname, 'dist', EMBED_DIR),
      // Un-hashed on purpose: third-party pages keep one URL forever.
      filename: '[name].js',
      // Served under /embed/ by the dev server; nothing is fetched at run time in production.
      publicPath: dev ? `/${EMBED_DIR}/` : 'auto',
      uniqueName: 'support_chat_embed',
      asyncChunks: false,
      clean: true,
    },
    resolve: remote.resolve,
    // The same loaders as the remote: Babel with the lingui macro, *.shadow.css as strings.
    module: remote.module,
    devtool: dev ? 'cheap-module-source-map' : false,
    plugins: [
      new HtmlWebpackPlugin({
        template: path.join(__dirname, 'src', EMBED_DIR, 'demo.html'),
        filename: 'demo.html',
        inject: false,
        minify: false,
      }),
    ],
    optimization: { splitChunks: false, runtimeChunk: false },
    performance: { hints: false },
    stats: dev ? 'minimal' : 'errors-warnings',
  };

  if (!env?.package) return [remote, embed];

  /**
   * For the package (`pnpm pack` runs it): `mount` as an ES module with
   * React, the styles and both catalogs inside, for apps that install the
   * chat instead of loading the remote.
   */
  const library = {
    ...embed,
    name: 'library',
    entry: { mount: './src/embed/mount.tsx' },
    output: { path: path.join(__dirname, 'dist', 'lib'), filename: '[name].js', library: { type: 'module' }, clean: true },
    experiments: { outputModule: true },
    plugins: [],
  };
  return [remote, embed, library];
};
