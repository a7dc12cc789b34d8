// Lints an OpenAPI document with Redocly's rules and prints the problems as JSON. A separate process: the
// linter ships ES modules only, which the test runner's CommonJS cannot load.
// Usage: node openapi-lint.mjs <document.json> '<redocly config as JSON>'
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';

const [file, rawConfig] = process.argv.slice(2);
const config = await createConfig(JSON.parse(rawConfig));
const problems = await lintFromString({ source: readFileSync(file, 'utf8'), absoluteRef: path.resolve(file), config });
process.stdout.write(
  JSON.stringify(
    problems.map((problem) => ({
      rule: problem.ruleId,
      severity: problem.severity,
      message: problem.message,
      pointer: problem.location[0]?.pointer,
    })),
  ),
);
