import type { DocumentEngine, EngineRunOptions } from './document-pipeline';
import type { GoblOutcome, GoblTool } from './gobl-tools';
import { bodyText } from '../shared/json-text';

/** The stateless GOBL tools of a workspace: the document engine's work, with nothing stored. */
export class GoblService {
  constructor(
    private readonly engine: DocumentEngine,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Runs a tool on a request body (contract names): an object, or the JSON text as it came, parsed in the engine's threads. */
  run(workspaceId: string, tool: GoblTool, body: unknown, options: EngineRunOptions = {}): Promise<GoblOutcome> {
    const text = bodyText(body);
    return this.engine.runGobl({ tool, workspaceId, body: text, now: this.clock() }, options);
  }
}
