const { createAppConfig } = require('shared/build/webpack');

module.exports = createAppConfig({
  appDir: __dirname,
  name: 'mfe_auth',
  role: 'remote',
  title: 'mfe-auth · Fundament',
  exposes: {
    './Routes': './src/app/remote-routes.tsx',
  },
});
