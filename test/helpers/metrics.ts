/** Samples of a Prometheus text answer: `name{labels}` → value. */
export function metricSamples(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    out.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return out;
}

/** One sample of the server's `/metrics` (`name` or `name{labels}` as written there); undefined when it has none. */
export async function metricValue(url: string, sample: string): Promise<number | undefined> {
  return metricSamples(await (await fetch(`${url}/metrics`)).text()).get(sample);
}
