import { existsSync } from 'node:fs';
import path from 'node:path';
import { mintToken } from '../src/auth/mint-token';
import { FORMAT_NAMES, OUTPUT_FORMAT_NAMES } from '../src/formats';
import { compiledRules } from '../src/formats/validation/compiled-rules';
import { identifyEinvoice, schemaFindings } from '../src/formats/validation/einvoice-validation';
import { ruleFindings } from '../src/formats/validation/rule-findings';
import { RULE_SETS, ruleSetsFor, type RuleSetName } from '../src/formats/validation/rule-sets';
import { runLoad } from './load';
import { INVOICE } from './scenarios';
import { ROOT, startService } from './server-process';
import { summarize, type LatencySummary } from './stats';

/** One load's figures. */
interface Rate {
  rps: number;
  p50Ms: number;
  p99Ms: number;
}

/** What `--only formats` measures (see bench/README.md, "E-invoice formats"). */
export interface FormatsResults {
  /** GET /silo/v1/entries/{id}/formats/{format} of the 10-line invoice, at 4 connections, and the document's size. */
  write: Record<string, Rate & { bytes: number }>;
  /** POST /silo/v1/entries of that invoice's UBL (read, calculated, stored with its original and meta row), at 4 connections. */
  receive: Rate;
  /** POST /silo/v1/formats/validate of the UBL and of the Peppol document, at 2 connections; undefined without the artefacts. */
  validate?: Record<string, Rate>;
  /** Where a validation's time goes, in this process, one document at a time: the XML Schema, then each rule set. */
  validationParts?: Record<string, LatencySummary>;
}

/** The artefacts, where the bench finds them: EINVOICE_ARTEFACTS_DIR, else ../shared/einvoice beside the project. */
const artefactsDir = [process.env.EINVOICE_ARTEFACTS_DIR, path.resolve(ROOT, '../shared/einvoice')].find(
  (dir): dir is string => !!dir && existsSync(path.join(dir, 'ubl', 'xsd')),
);

/** The bench's 10-line invoice with what EN 16931 and its CIUSes ask besides: addresses, terms, IBAN, inboxes, a reference. */
const EINVOICE = {
  ...INVOICE,
  supplier: {
    ...(INVOICE.supplier as object),
    addresses: [{ street: 'Calle Mayor 1', locality: 'Madrid', code: '28013', country: 'ES' }],
    inboxes: [{ key: 'peppol', code: '0088:4000001123452' }],
    people: [{ name: { given: 'Marta', surname: 'Ruiz' } }],
    emails: [{ addr: 'billing@example.com' }],
    telephones: [{ num: '+34 910 000 000' }],
  },
  customer: {
    ...(INVOICE.customer as object),
    addresses: [{ street: 'Avenida 2', locality: 'Valencia', code: '46001', country: 'ES' }],
    inboxes: [{ scheme: '9920', code: 'ES54387763P' }],
  },
  ordering: { code: 'PO-4711' },
  payment: {
    terms: { due_dates: [{ date: '2026-12-20', percent: '100%' }] },
    instructions: { key: 'credit-transfer', credit_transfer: [{ iban: 'ES2501882570018167541248', name: 'Provide One' }] },
  },
};

const timed = <T>(work: () => T): [T, number] => {
  const started = performance.now();
  const result = work();
  return [result, performance.now() - started];
};

/** The XML Schema and each rule set of a document, timed apart, `rounds` times (the compiled rules read once first). */
async function validationParts(xml: string, dir: string, rounds: number): Promise<Record<string, LatencySummary>> {
  const cache = path.join(ROOT, 'node_modules', '.cache', 'einvoice-rules');
  const { syntax, creditNote, customization } = identifyEinvoice(xml);
  const names = ruleSetsFor(syntax, customization);
  const compiled = new Map<RuleSetName, string>();
  for (const name of names) compiled.set(name, await compiledRules(path.join(dir, RULE_SETS[name].schematron), cache));
  for (const name of names) ruleFindings(compiled.get(name)!, xml); // loads the compiled rules, as a thread's first validation does
  await schemaFindings(xml, syntax, creditNote, dir); // reads the schema files, as a thread's first validation does
  const times: Record<string, number[]> = { xsd: [], ...Object.fromEntries(names.map((name) => [name, []])) };
  for (let i = 0; i < rounds; i += 1) {
    const started = performance.now();
    await schemaFindings(xml, syntax, creditNote, dir);
    times.xsd.push(performance.now() - started);
    for (const name of names) times[name].push(timed(() => ruleFindings(compiled.get(name)!, xml))[1]);
  }
  return Object.fromEntries(Object.entries(times).map(([name, values]) => [name, summarize(values)]));
}

/**
 * `--only formats`: the 10-line invoice written in each format per second (the engine's threads calculate it again
 * with the format's addons, then write it), a received UBL stored per second, and validation's latency with where
 * its time goes.
 */
export async function benchFormats(
  env: Record<string, string>,
  secret: string,
  seconds: number,
  log: (line: string) => void,
): Promise<FormatsResults> {
  const service = await startService(artefactsDir ? { ...env, EINVOICE_ARTEFACTS_DIR: artefactsDir } : env);
  const token = await mintToken(secret, 'bench-formats', { expiresIn: '1d' });
  const auth = { authorization: `Bearer ${token}` };
  try {
    const created = await fetch(`${service.url}/silo/v1/entries`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ data: EINVOICE }),
    });
    if (!created.ok) throw new Error(`create answered ${created.status}: ${await created.text()}`);
    const { id } = (await created.json()) as { id: string };
    const documents: Record<string, string> = {};
    const write: FormatsResults['write'] = {};
    for (const format of OUTPUT_FORMAT_NAMES) {
      const formatPath = `/silo/v1/entries/${id}/formats/${format}`;
      const sample = await fetch(`${service.url}${formatPath}`, { headers: auth });
      if (!sample.ok) throw new Error(`${format} answered ${sample.status}: ${await sample.text()}`);
      const bytes = Buffer.from(await sample.arrayBuffer());
      if ((FORMAT_NAMES as string[]).includes(format)) documents[format] = bytes.toString('utf8');
      const load = await runLoad(service.url, { method: 'GET', path: formatPath, headers: auth }, { connections: 4, seconds });
      write[format] = { rps: load.rps, p50Ms: load.latency.p50Ms, p99Ms: load.latency.p99Ms, bytes: bytes.length };
      log(
        `  formats: ${format} (${bytes.length} B): ${load.rps} per second at 4 connections, p50 ${load.latency.p50Ms} ms, p99 ${load.latency.p99Ms} ms`,
      );
    }

    const xmlHeaders = { ...auth, 'content-type': 'application/xml' };
    const received = await runLoad(
      service.url,
      { method: 'POST', path: '/silo/v1/entries', headers: xmlHeaders, body: documents.ubl },
      { connections: 4, seconds },
    );
    const receive = { rps: received.rps, p50Ms: received.latency.p50Ms, p99Ms: received.latency.p99Ms };
    log(`  formats: a received UBL stored: ${receive.rps} per second at 4 connections, p50 ${receive.p50Ms} ms, p99 ${receive.p99Ms} ms`);

    if (!artefactsDir) {
      log('  formats: validation not measured: no artefacts (set EINVOICE_ARTEFACTS_DIR, or keep ../shared/einvoice beside the project)');
      return { write, receive };
    }
    // The service compiles the rules when it starts (a minute the first time): wait until it answers.
    for (let tries = 0; ; tries += 1) {
      const reply = await fetch(`${service.url}/silo/v1/formats/validate`, { method: 'POST', headers: xmlHeaders, body: documents.ubl });
      if (reply.status === 200) break;
      if (reply.status !== 503 || tries > 600) throw new Error(`validate answered ${reply.status}: ${await reply.text()}`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const validate: Record<string, Rate> = {};
    for (const format of ['ubl', 'peppol'] as const) {
      const load = await runLoad(
        service.url,
        { method: 'POST', path: '/silo/v1/formats/validate', headers: xmlHeaders, body: documents[format] },
        { connections: 2, seconds },
      );
      validate[format] = { rps: load.rps, p50Ms: load.latency.p50Ms, p99Ms: load.latency.p99Ms };
      log(
        `  formats: validate ${format}: ${load.rps} per second at 2 connections, p50 ${load.latency.p50Ms} ms, p99 ${load.latency.p99Ms} ms`,
      );
    }
    const parts = await validationParts(documents.peppol, artefactsDir, 20);
    log(
      `  formats: where a Peppol document's validation goes (one at a time, p50): ${Object.entries(parts)
        .map(([name, summary]) => `${name} ${summary.p50Ms} ms`)
        .join(', ')}`,
    );
    return { write, receive, validate, validationParts: parts };
  } finally {
    await service.stop();
  }
}
