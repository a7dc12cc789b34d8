// experiment: renice every thread but the main one, a few seconds after start
const os = require('node:os'); const fs = require('node:fs');
setTimeout(() => { for (const tid of fs.readdirSync('/proc/self/task').map(Number)) if (tid !== process.pid) { try { os.setPriority(tid, 10); } catch {} } }, 3000).unref();
