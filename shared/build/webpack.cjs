/**
 * The one webpack + Module Federation configuration every app builds with.
 * Keeping it here means the share scope (which libraries are singletons, at
 * which versions) cannot drift between the host and the remotes.
 */
const fs = require('node:fs');
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const zlib = require('node:zlib');
const CompressionPlugin = require('compression-webpack-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const DEV_PORTS = require('./dev-ports.cjs');

/** What a production build also writes compressed: text the browser downloads (HTML is rendered per visitor). */
const COMPRESSIBLE = /\.(js|css|json|svg)$/;

const sharedPackage = require('../package.json');
// The contract lives with the route table it is derived from, in TypeScript.
const { require: requireTs } = require('tsx/cjs/api');
const { federationContract, REMOTE_EXPOSES } = requireTs('../src/federation/contract.ts', __filename);

/**
 * The version of `shared` an app is built against. FEDERATION_SHARED_VERSION
 * builds as if it were another one: the compatibility drill of the browser
 * tests makes a remote that needs a newer major than the running shell.
 */
const SHARED_VERSION = process.env.FEDERATION_SHARED_VERSION || sharedPackage.version;

/**
 * Libraries that must exist once on the page: one React, one router, one
 * store, one i18n instance, one toaster, one cache of server answers (a
 * remote's queries share the shell's client only through the same copy). The `x/` keys share deep imports
 * (react/jsx-runtime, react-dom/client, jotai/vanilla…), which would
 * otherwise be bundled again by every app.
 */
const SINGLETONS = [
  'react',
  'react-dom',
  'react-router',
  'react-router-dom',
  'jotai',
  '@lingui/core',
  '@lingui/react',
  'react-hot-toast',
  '@tanstack/react-query',
];
const WITH_DEEP_IMPORTS = new Set(['react', 'react-dom', 'jotai']);

/**
 * The folder of react-router's browser build, as the package's exports map
 * resolves it for webpack (`module` condition), and the installed version.
 */
function reactRouterFiles(appDir) {
  const folder = path.dirname(require.resolve('react-router', { paths: [appDir] }));
  const { version } = JSON.parse(fs.readFileSync(path.join(folder, '..', '..', 'package.json'), 'utf8'));
  return { folder, version };
}

/**
 * The ES module build of runtime-core as runtime-tools exposes it. The host's
 * `provideExternalRuntime` plugin requires `runtime-tools/runtime-core`, which
 * webpack resolves to the CommonJS build, while the bundler runtime imports
 * the ES module one: the host page carried runtime-core twice (2 × ~10 KiB
 * compressed) and put the second copy on the page for the remotes. Pointed at
 * the ES module build, the plugin hands the remotes the host's own copy.
 */
function runtimeCoreModule(appDir) {
  const enhanced = require.resolve('@module-federation/enhanced', { paths: [appDir] });
  const commonJs = require.resolve('@module-federation/runtime-tools/runtime-core', { paths: [enhanced] });
  const esModule = commonJs.replace(/\.cjs$/, '.js');
  if (!fs.existsSync(esModule)) throw new Error(`no ES module build of runtime-core beside ${commonJs}`);
  return esModule;
}

function sharedScope(appPackage, appDir) {
  const scope = {};
  for (const name of SINGLETONS) {
    const requiredVersion = appPackage.dependencies?.[name];
    if (!requiredVersion) throw new Error(`${appPackage.name} must depend on ${name} to share it`);
    scope[name] = { singleton: true, requiredVersion };
    if (WITH_DEEP_IMPORTS.has(name)) scope[`${name}/`] = { singleton: true, requiredVersion };
  }
  // react-router-dom is provided as the names the apps use (react-router-dom-entry.mjs), not the whole
  // package, under the same key and version: a remote built before this still finds what it imports.
  if (appDir) {
    scope['react-router-dom'] = {
      ...scope['react-router-dom'],
      import: path.join(__dirname, 'react-router-dom-entry.mjs'),
      version: reactRouterFiles(appDir).version,
    };
  }
  // The workspace package holds the session store, the i18n catalog registry
  // and the API clients: state that must not be duplicated by a remote. It
  // follows semantic versioning (CHANGELOG.md beside its package.json): a
  // remote built against a newer major (or, before 1.0, a newer minor) than
  // the page already loaded must not half-work on the older copy, so the
  // runtime refuses it and the shell shows that remote's fallback.
  // The base styles are not state: a remote imports them only when it runs standalone, and as a shared
  // module the shell's copy cost every page a script of its own (an empty module beside the style sheet).
  scope['shared/'] = {
    singleton: true,
    requiredVersion: `^${SHARED_VERSION}`,
    strictVersion: true,
    version: SHARED_VERSION,
    exclude: { request: /styles\.css$/ },
  };
  return scope;
}

/** The workspace package's own modules, the catalogs apart. */
const WORKSPACE_SOURCE = /[\\/]shared[\\/]src[\\/](?!locales[\\/]).*\.[cm]?[jt]sx?$/;
const CONTRACT_SOURCE = /[\\/]shared[\\/]src[\\/]contract[\\/]/;
/** Libraries from the registry, but for React's server renderer, which only the prerender loads. */
const VENDOR_SOURCE = /[\\/]node_modules[\\/]|[\\/]shared[\\/]build[\\/]react-router-dom-entry\.mjs$/;
const SERVER_RENDERER = /[\\/]react-dom[\\/](cjs[\\/]react-dom-server|server)/;
const DOM_LIBRARIES = /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/;
const ROUTER_LIBRARIES = /[\\/]node_modules[\\/](react-router|react-router-dom|@remix-run[\\/]router)[\\/]|react-router-dom-entry\.mjs$/;

/**
 * Which of the three library chunks a module of the shell's libraries goes
 * to. A returning visitor's browser reads each chunk's compiled code back
 * from its cache in one main-thread task; one chunk of all of them made that
 * the page's longest task (330 ms at four-fold CPU slowdown), three of similar
 * size split it into tasks a third as long.
 */
function vendorChunkName(module) {
  const resource = module.resource ?? '';
  if (DOM_LIBRARIES.test(resource)) return 'vendor-dom';
  if (ROUTER_LIBRARIES.test(resource)) return 'vendor-router';
  return 'vendor';
}

/**
 * Whether a module of the API contract is there only for `shared/contract`
 * (its index, through the federation's shared module), rather than for
 * another part of the workspace package (the session's account schemas, the
 * notification stream's).
 */
function onlyForTheContract(module, moduleGraph, seen = new Set()) {
  if (!CONTRACT_SOURCE.test(module.resource ?? '')) return false;
  if (seen.has(module)) return true;
  seen.add(module);
  for (const connection of moduleGraph.getIncomingConnections(module)) {
    const origin = connection.originModule;
    // The federation's own modules (which provide `shared/contract`) have no file.
    if (!origin || !origin.resource) continue;
    if (!onlyForTheContract(origin, moduleGraph, seen)) return false;
  }
  return true;
}

/**
 * webpack 5.111 asks for the chunk filename while it is still hashing the
 * federation runtime module, before any content hash exists, and throws on
 * `[contenthash]` there. That early call only needs the output folder, so it
 * gets the plain name; real chunks always have their hash by the time they
 * are named.
 */
function hashedFilename(withHash, plain) {
  return (pathData) => (pathData.chunk && pathData.chunk.contentHash && pathData.chunk.contentHash.javascript ? withHash : plain);
}

/**
 * The chunks every page of the shell runs before it can start, by chunk or
 * chunk-group name, in the order they are needed: the libraries, then the
 * workspace package, then the shell's own start-up code.
 */
const HOST_START_CHUNKS = ['vendor-dom', 'vendor-router', 'vendor', 'shared-workspace', 'bootstrap', 'start-shell'];

/**
 * Writes a preload hint for each file of the start-up chunks into the shell's
 * page. Without them the browser learns of these chunks only once main.js has
 * run, one round trip after the page; with them they download alongside it.
 */
class PreloadStartChunks {
  constructor(names) {
    this.names = names;
  }

  apply(compiler) {
    compiler.hooks.compilation.tap('PreloadStartChunks', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadStartChunks', (data) => {
        const publicPath = compilation.outputOptions.publicPath;
        const files = new Set();
        for (const name of this.names) {
          const group = compilation.namedChunkGroups.get(name);
          const chunks = group ? group.chunks : [compilation.namedChunks.get(name)];
          if (!chunks[0]) throw new Error(`no chunk named ${name} to preload: the shell's start-up chunks changed`);
          for (const chunk of chunks) for (const file of chunk.files) files.add(file);
        }
        const hints = [...files]
          .filter((file) => /\.(js|css)$/.test(file))
          .map((file) => ({
            tagName: 'link',
            voidTag: true,
            meta: { plugin: 'PreloadStartChunks' },
            attributes: { rel: 'preload', as: file.endsWith('.css') ? 'style' : 'script', href: `${publicPath}${file}` },
          }));
        data.headTags.push(...hints);
        return data;
      });
    });
  }
}

/**
 * @param {object} options
 * @param {string} options.appDir        the app's folder
 * @param {string} options.name          federation name (`shell`, `mfe_landing`, …)
 * @param {'host' | 'remote'} options.role
 * @param {Record<string, string>} [options.exposes]
 * @param {string[]} [options.runtimePlugins]
 * @param {string} [options.title]       standalone page title
 */
function createAppConfig(options) {
  const { appDir, name, role, exposes = {}, runtimePlugins = [], title = 'Fundament' } = options;
  const appPackage = require(path.join(appDir, 'package.json'));
  const isHost = role === 'host';
  const port = DEV_PORTS[name];
  // The shell loads these modules by name: a build without one would only fail in the browser.
  const missing = isHost ? [] : (REMOTE_EXPOSES[name] ?? []).filter((module) => !(`./${module}` in exposes));
  if (missing.length > 0) {
    throw new Error(
      `${name} must expose ${missing.map((module) => `./${module}`).join(', ')}: the shell loads it (shared/src/federation/contract.ts)`,
    );
  }

  return (_env, argv = {}) => {
    const mode = argv.mode === 'development' ? 'development' : 'production';
    const dev = mode === 'development';
    const hashed = dev ? '[name].js' : hashedFilename('[name].[contenthash:8].js', '[name].js');

    return {
      mode,
      context: appDir,
      entry: { main: './src/index.ts' },
      target: 'web',
      output: {
        path: path.join(appDir, 'dist'),
        // Remotes are served from wherever a deployment puts them: chunks are
        // resolved against the manifest's own URL. The host serves deep links
        // (history mode), so its chunks need an absolute base.
        publicPath: isHost ? '/' : 'auto',
        filename: hashed,
        chunkFilename: dev ? '[name].chunk.js' : hashedFilename('[name].[contenthash:8].chunk.js', '[name].chunk.js'),
        uniqueName: name,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs'],
        // The files behind react-router's entry points, for react-router-dom-entry.mjs.
        alias: {
          'react-router-files': reactRouterFiles(appDir).folder,
          ...(isHost && { '@module-federation/runtime-tools/runtime-core$': runtimeCoreModule(appDir) }),
        },
      },
      devtool: dev ? 'eval-cheap-module-source-map' : false,
      module: {
        rules: [
          {
            test: /\.[cm]?[jt]sx?$/,
            exclude: /node_modules/,
            use: { loader: 'babel-loader', options: { rootMode: 'upward', cacheDirectory: true } },
          },
          {
            // Styles a component injects into its own shadow root (the chat widget).
            test: /\.shadow\.css$/,
            use: [{ loader: 'css-loader', options: { exportType: 'string' } }],
          },
          {
            test: /\.css$/,
            exclude: /\.shadow\.css$/,
            use: [dev ? 'style-loader' : MiniCssExtractPlugin.loader, 'css-loader'],
          },
          {
            test: /\.(svg|png|jpe?g|gif|webp|avif)$/i,
            type: 'asset/resource',
            generator: { filename: 'assets/[name].[contenthash:8][ext]' },
          },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          // The host learns its remotes at run time from remotes.json.
          remotes: {},
          // In development the whole package: there webpack names chunks after their first module,
          // and the provided and the fallback copies of the entry would both be written to one file name.
          shared: sharedScope(appPackage, dev ? undefined : appDir),
          // With the default ('version-first') one unreachable remote breaks
          // share negotiation for the whole page.
          shareStrategy: 'loaded-first',
          runtimePlugins,
          // One federation runtime per page: the shell's. A built remote leaves
          // runtime-core out and uses the copy the shell puts on the page, so
          // each remote entry carries only its own container. In development a
          // remote keeps its own runtime, so it still renders on its own page.
          experiments: isHost ? { provideExternalRuntime: true } : { externalRuntime: !dev },
          // The manifest carries the app's federation contract, which the
          // deploy check (`pnpm check:remote`) compares before a remote goes live.
          manifest: {
            additionalData: ({ stats }) => {
              stats.metaData.contract = federationContract(name, role, SHARED_VERSION);
              return stats;
            },
          },
          dts: false,
        }),
        (isHost || dev) &&
          new HtmlWebpackPlugin({
            template: path.join(appDir, 'src', 'index.html'),
            title,
            publicPath: '/',
            chunks: ['main'],
          }),
        isHost && !dev && new PreloadStartChunks(HOST_START_CHUNKS),
        !dev && new MiniCssExtractPlugin({ filename: '[name].[contenthash:8].css', chunkFilename: '[name].[contenthash:8].chunk.css' }),
        // Compressed once here, at the highest settings, rather than by the server on each request
        // at the fast settings it can afford: about a tenth fewer bytes for a visitor, no processor
        // time for the server. The server sends these copies (`preCompressed`), the file otherwise.
        ...(dev
          ? []
          : [
              new CompressionPlugin({
                filename: '[path][base].br',
                algorithm: 'brotliCompress',
                compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } },
                test: COMPRESSIBLE,
                threshold: 1024,
              }),
              new CompressionPlugin({
                filename: '[path][base].gz',
                algorithm: 'gzip',
                compressionOptions: { level: zlib.constants.Z_BEST_COMPRESSION },
                test: COMPRESSIBLE,
                threshold: 1024,
              }),
            ]),
      ].filter(Boolean),
      optimization: {
        moduleIds: dev ? 'named' : 'deterministic',
        chunkIds: dev ? 'named' : 'deterministic',
        // Each `shared/` sub-path the shell provides is its own shared module,
        // and webpack split their common code into dozens of small chunks the
        // first paint fetched one by one. The shell's copy of the workspace
        // package, which every page runs, arrives as one chunk instead. Remotes
        // keep the default: their copies are fallbacks the page rarely loads.
        // The catalogs stay apart: a visitor loads one language. So do the API
        // contract's schemas that only `shared/contract` itself brings (most
        // of them), which only signed-in pages load.
        splitChunks:
          isHost && !dev
            ? {
                cacheGroups: {
                  // The libraries the shell provides (React, the router, the store, i18n, the query cache,
                  // the API client…) arrive as three chunks (see vendorChunkName), not sixteen: each page
                  // needs all of them before it can start, and every small request costs the main thread
                  // a script to insert, compile and evaluate.
                  vendor: {
                    test: (module) => VENDOR_SOURCE.test(module.resource ?? '') && !SERVER_RENDERER.test(module.resource ?? ''),
                    name: vendorChunkName,
                    chunks: 'async',
                    enforce: true,
                  },
                  workspace: {
                    test: (module, { moduleGraph }) => WORKSPACE_SOURCE.test(module.resource ?? '') && !onlyForTheContract(module, moduleGraph),
                    name: 'shared-workspace',
                    chunks: 'async',
                    enforce: true,
                  },
                },
              }
            : undefined,
      },
      performance: { hints: false },
      stats: dev ? 'minimal' : 'errors-warnings',
      devServer: {
        port,
        host: '127.0.0.1',
        historyApiFallback: true,
        // Each remote's live-reload socket is opened from the shell's page (another port).
        allowedHosts: 'all',
        hot: false,
        liveReload: true,
        client: { overlay: { warnings: false, errors: true } },
        // The shell on :3000 loads remote manifests and chunks from these servers.
        headers: { 'Access-Control-Allow-Origin': '*' },
        // DEV_API_URL points a development server at another API (the remotes' smoke tests use the test server's).
        proxy: [{ context: ['/api'], target: process.env.DEV_API_URL || `http://127.0.0.1:${DEV_PORTS.api}`, changeOrigin: true }],
        setupMiddlewares: (middlewares) => {
          if (isHost) {
            middlewares.unshift({
              name: 'remotes-json',
              path: '/remotes.json',
              middleware: (_req, res) => {
                res.setHeader('Content-Type', 'application/json');
                res.setHeader('Cache-Control', 'no-cache');
                res.end(JSON.stringify(devRemotes()));
              },
            });
          }
          return middlewares;
        },
      },
    };
  };
}

/** remotes.json for `pnpm dev`: every remote from its own dev server. */
function devRemotes() {
  const remotes = {};
  for (const name of ['mfe_landing', 'mfe_auth', 'mfe_client', 'mfe_admin', 'mfe_chat']) {
    remotes[name] = `http://localhost:${DEV_PORTS[name]}/mf-manifest.json`;
  }
  return remotes;
}

module.exports = { createAppConfig, sharedScope, SINGLETONS };
