const { createAppConfig } = require('shared/build/webpack');

module.exports = createAppConfig({
  appDir: __dirname,
  name: 'shell',
  role: 'host',
  title: 'Fundament',
});
