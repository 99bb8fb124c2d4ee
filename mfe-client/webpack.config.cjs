const { createAppConfig } = require('shared/build/webpack');

module.exports = createAppConfig({
  appDir: __dirname,
  name: 'mfe_client',
  role: 'remote',
  title: 'mfe-client · Fundament',
  exposes: {
    './Routes': './src/app/remote-routes.tsx',
  },
});
