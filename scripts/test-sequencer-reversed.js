/**
 * Jest's own order (the slowest or largest test files first), reversed. `scripts/test.js` gives it to the MariaDB
 * side, so that the two sides do not run their heaviest files (the same files, on each database) at the same time.
 */
const Sequencer = require('@jest/test-sequencer').default;

class ReversedSequencer extends Sequencer {
  sort(tests) {
    return [...super.sort(tests)].reverse();
  }
}

module.exports = ReversedSequencer;
