const { createJestConfig } = require('shared/build/jest');

module.exports = createJestConfig(__dirname, 'mfe-admin');
