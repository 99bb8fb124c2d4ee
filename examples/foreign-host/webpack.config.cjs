/**
 * A host that is not ours: its own React 18 and React Router 6, nothing from
 * the workspace, no `shared` configuration. It only asks the federation plugin
 * for a runtime (the chat's remote entry uses the page's, as it does in our
 * shell) and loads `mfe_chat` at run time from the manifest URL in its page.
 */
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

module.exports = (_env, argv = {}) => ({
  mode: argv.mode === 'development' ? 'development' : 'production',
  context: __dirname,
  entry: { main: './src/index.js' },
  output: { path: path.join(__dirname, 'dist'), publicPath: '/', filename: '[name].js', clean: true },
  resolve: { extensions: ['.jsx', '.js'] },
  module: {
    rules: [
      {
        test: /\.jsx?$/,
        exclude: /node_modules/,
        use: {
          loader: 'babel-loader',
          // Its own Babel settings, not the workspace's (no lingui, no TypeScript).
          options: { babelrc: false, configFile: false, presets: [['@babel/preset-react', { runtime: 'automatic' }]] },
        },
      },
    ],
  },
  plugins: [
    new ModuleFederationPlugin({
      name: 'foreign_host',
      remotes: {},
      shared: {},
      experiments: { provideExternalRuntime: true },
      dts: false,
    }),
    new HtmlWebpackPlugin({ template: './src/index.html' }),
  ],
  performance: { hints: false },
  stats: 'errors-warnings',
});
