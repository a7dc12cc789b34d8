// Drives 2 heavy streams against a URL for N seconds (no quiet reads).
import { SignJWT } from 'jose';
import { heavyDocuments } from '../test/helpers/heavy-documents';
(async () => {
  const [url, secret, seconds] = process.argv.slice(2);
  const token = await new SignJWT({ workspace_id: 'noisy' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(new TextEncoder().encode(secret));
  const docs = heavyDocuments(2 * 1024 * 1024);
  const until = Date.now() + Number(seconds) * 1000;
  let next = 0;
  const conn = async () => { while (Date.now() < until) { const d = docs[next++ % docs.length]; const r = await fetch(`${url}/silo/v1/entries`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: d.body }); await r.arrayBuffer(); console.log(d.part, r.status); } };
  await Promise.all([conn(), conn()]);
})();
