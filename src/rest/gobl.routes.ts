import { Router } from 'express';
import type { GoblService } from '../domain/gobl.service';
import { GOBL_TOOLS } from '../domain/gobl-tools';
import { jsonBody } from '../http/json-body';
import { methodNotAllowed } from '../http/refusal';
import { abandonedSignal } from '../http/request-signal';

/** `/silo/v1/gobl/{build,sign,correct}`: the GOBL tools, stateless; the answer is `{"data": ...}`. */
export function goblRoutes(gobl: GoblService, bodyLimit: number): Router {
  const router = Router();
  // As for a create, the body stays JSON text on this thread: the engine's threads parse it.
  const body = jsonBody(bodyLimit, { asText: true });
  for (const tool of GOBL_TOOLS) {
    router
      .route(`/silo/v1/gobl/${tool}`)
      .post(body, async (req, res) => {
        const { dataJson } = await gobl.run(req.workspaceId, tool, req.body, { signal: abandonedSignal(res) });
        res.type('application/json').send(`{"data":${dataJson}}`);
      })
      .all(methodNotAllowed(['POST']));
  }
  return router;
}
