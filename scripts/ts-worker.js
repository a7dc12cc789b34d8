/**
 * The entry of a worker thread when the service runs from its TypeScript sources (tests, scripts): it
 * installs the in-memory transpiler, then loads the module named in the pool's workerData.
 */
require('./register-ts.js');
const { workerData } = require('piscina');

module.exports = require(workerData.tsModule);
