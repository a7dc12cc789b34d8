import type { DataSource } from 'typeorm';
import type { EndpointProgress, WebhookChange, WebhookDelivery, WebhookEndpoint } from '../domain/webhooks/webhook';
import type { ClaimFairness, WebhookStore } from '../domain/webhooks/webhook-store';
import { GroupCommit } from './group-commit';
import { changedRows, runTransaction, type Step, type Steps } from './sql-transaction';
import { DELIVERY_COLUMNS, ENDPOINT_COLUMNS, fromDeliveryRow, fromEndpointRow, msOf, type Row } from './webhook.mapper';

function* endpointStep(workspaceId: string, id: string): Steps<WebhookEndpoint | undefined> {
  const rows: Row[] = yield {
    sql: `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE workspace_id = ? AND id = ?`,
    parameters: [workspaceId, id],
  };
  return rows[0] ? fromEndpointRow(rows[0]) : undefined;
}

/** Webhook endpoints and their attempts. */
export class WebhookRepository implements WebhookStore {
  /**
   * An attempt's record and an endpoint's progress: committed in groups, since every endpoint of a workspace writes
   * one per event, and without waiting for the disk: one lost to a power cut sends its event again (at least once).
   */
  private readonly bookkeeping: GroupCommit;

  constructor(private readonly dataSource: DataSource) {
    this.bookkeeping = new GroupCommit(dataSource, { durable: false });
  }

  async create(endpoint: WebhookEndpoint, limit: number): Promise<WebhookEndpoint | undefined> {
    // The workspace's count row, made on its own: in the transaction below, the shared lock of an INSERT IGNORE
    // that found it would deadlock concurrent registrations raising it.
    await runTransaction(this.dataSource, function* (mysql) {
      yield {
        sql: `${mysql ? 'INSERT IGNORE' : 'INSERT OR IGNORE'} INTO webhook_quotas (workspace_id, endpoints) VALUES (?, 0)`,
        parameters: [endpoint.workspaceId],
      };
    });
    return runTransaction(this.dataSource, function* () {
      // The count, raised only while under the limit: concurrent registrations all write this one row, so they take
      // turns (its lock; on a cluster, certification), where reading a count beside the insert let them all see room.
      const counted = yield {
        sql: 'UPDATE webhook_quotas SET endpoints = endpoints + 1 WHERE workspace_id = ? AND endpoints < ?',
        parameters: [endpoint.workspaceId, limit],
      };
      if (changedRows(counted) === 0) return undefined;
      // It starts at the feed's last place: it gets the events from its creation on.
      const feed: { last_seq: number | string }[] = yield {
        sql: 'SELECT last_seq FROM event_feeds WHERE workspace_id = ?',
        parameters: [endpoint.workspaceId],
      };
      const deliveredSeq = Number(feed[0]?.last_seq ?? 0);
      yield {
        sql: 'INSERT INTO webhook_endpoints (workspace_id, id, url, description, event_types, enabled, secret, delivered_seq, attempts, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 1, ?, ?, 0, ?, ?)',
        parameters: [
          endpoint.workspaceId,
          endpoint.id,
          endpoint.url,
          endpoint.description ?? null,
          endpoint.eventTypes ? JSON.stringify(endpoint.eventTypes) : null,
          endpoint.secret,
          deliveredSeq,
          endpoint.createdAt.getTime(),
          endpoint.updatedAt.getTime(),
        ],
      };
      return { ...endpoint, deliveredSeq };
    });
  }

  async list(workspaceId: string): Promise<WebhookEndpoint[]> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE workspace_id = ? ORDER BY created_at, id`,
      [workspaceId],
    );
    return rows.map(fromEndpointRow);
  }

  async find(workspaceId: string, id: string): Promise<WebhookEndpoint | undefined> {
    const rows: Row[] = await this.dataSource.query(`SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE workspace_id = ? AND id = ?`, [
      workspaceId,
      id,
    ]);
    return rows[0] ? fromEndpointRow(rows[0]) : undefined;
  }

  update(workspaceId: string, id: string, change: WebhookChange, at: Date): Promise<WebhookEndpoint | undefined> {
    const sets: string[] = [];
    const parameters: unknown[] = [];
    const set = (column: string, value: unknown) => {
      sets.push(`${column} = ?`);
      parameters.push(value);
    };
    set('updated_at', at.getTime());
    if (change.url !== undefined) set('url', change.url);
    if (change.description !== undefined) set('description', change.description);
    if (change.eventTypes !== undefined) set('event_types', change.eventTypes ? JSON.stringify(change.eventTypes) : null);
    if (change.enabled === false) sets.push('enabled = 0');
    // Enabled again: it starts afresh where it stood, its failures forgotten.
    if (change.enabled === true)
      sets.push(
        'enabled = 1, disabled_reason = NULL, failing_since = NULL, next_attempt_at = NULL, attempts = 0, attempt_started_at = NULL',
      );
    return runTransaction(this.dataSource, function* () {
      const result = yield {
        sql: `UPDATE webhook_endpoints SET ${sets.join(', ')} WHERE workspace_id = ? AND id = ?`,
        parameters: [...parameters, workspaceId, id],
      };
      if (changedRows(result) === 0) return undefined;
      return yield* endpointStep(workspaceId, id);
    });
  }

  rotateSecret(workspaceId: string, id: string, secret: string, previousUntil: Date, at: Date): Promise<WebhookEndpoint | undefined> {
    return runTransaction(this.dataSource, function* () {
      const result = yield {
        sql: 'UPDATE webhook_endpoints SET previous_secret = secret, previous_secret_until = ?, secret = ?, updated_at = ? WHERE workspace_id = ? AND id = ?',
        parameters: [previousUntil.getTime(), secret, at.getTime(), workspaceId, id],
      };
      if (changedRows(result) === 0) return undefined;
      return yield* endpointStep(workspaceId, id);
    });
  }

  delete(workspaceId: string, id: string): Promise<boolean> {
    return runTransaction(this.dataSource, function* () {
      const result = yield { sql: 'DELETE FROM webhook_endpoints WHERE workspace_id = ? AND id = ?', parameters: [workspaceId, id] };
      if (changedRows(result) === 0) return false;
      yield {
        sql: 'UPDATE webhook_quotas SET endpoints = endpoints - 1 WHERE workspace_id = ? AND endpoints > 0',
        parameters: [workspaceId],
      };
      yield { sql: 'DELETE FROM webhook_deliveries WHERE endpoint_id = ? AND workspace_id = ?', parameters: [id, workspaceId] };
      return true;
    });
  }

  async deliveries(workspaceId: string, endpointId: string, limit: number, beforeId?: string): Promise<WebhookDelivery[]> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE endpoint_id = ? AND workspace_id = ?${beforeId ? ' AND id < ?' : ''} ORDER BY id DESC LIMIT ?`,
      [endpointId, workspaceId, ...(beforeId ? [beforeId] : []), limit],
    );
    return rows.map(fromDeliveryRow);
  }

  async findDelivery(workspaceId: string, endpointId: string, id: string): Promise<WebhookDelivery | undefined> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE id = ? AND endpoint_id = ? AND workspace_id = ?`,
      [id, endpointId, workspaceId],
    );
    return rows[0] ? fromDeliveryRow(rows[0]) : undefined;
  }

  /** Grouped like the dispatcher's records: many retries asked for at once share a commit. */
  async recordDelivery(d: WebhookDelivery, kept: number): Promise<void> {
    await this.bookkeeping.run(function* () {
      yield* deliverySteps(d, kept);
    });
  }

  recordAttempt(d: WebhookDelivery, kept: number | undefined, owner: string, p: EndpointProgress, leaseUntil?: Date): Promise<boolean> {
    return this.bookkeeping.run(function* (): Steps<boolean> {
      const held = yield progressStep(d.workspaceId, d.endpointId, owner, p, d.createdAt, leaseUntil);
      if (changedRows(held) === 0) return false; // the lease was lost: another process has the endpoint now
      yield* deliverySteps(d, kept);
      return true;
    });
  }

  /**
   * Due endpoints are found by a plain read (it locks no feed), then locked and leased: on MySQL/MariaDB with
   * `FOR UPDATE SKIP LOCKED`, so that processes claiming at once take different endpoints and none waits; on
   * SQLite, whose write transaction is alone on the database, by an UPDATE that holds only if no live lease
   * is there.
   */
  async claimDue(
    owner: string,
    now: Date,
    until: Date,
    limit: number,
    accept: (workspaceId: string, id: string) => boolean = () => true,
    fairness?: ClaimFairness,
  ): Promise<WebhookEndpoint[]> {
    const at = now.getTime();
    // Read first, outside a transaction: a poll that finds nothing due writes nothing (SQLite's write lock stays free).
    const found: { workspace_id: string; id: string }[] = await this.dataSource.query(
      ...fairScan(
        'SELECT w.workspace_id, w.id, w.next_attempt_at FROM webhook_endpoints w JOIN event_feeds f ON f.workspace_id = w.workspace_id ' +
          'WHERE w.enabled = 1 AND f.last_seq > w.delivered_seq AND (w.next_attempt_at IS NULL OR w.next_attempt_at <= ?) AND (w.lease_until IS NULL OR w.lease_until < ?)',
        'w.workspace_id',
        'w.id',
        [at, at],
        limit * 4,
        fairness,
      ),
    );
    // The caller's share rule (each workspace's endpoints worked at once), in the order found.
    const due = found.filter((row) => accept(row.workspace_id, row.id)).slice(0, limit * 2);
    if (due.length === 0) return [];
    const stillDue = 'enabled = 1 AND (next_attempt_at IS NULL OR next_attempt_at <= ?) AND (lease_until IS NULL OR lease_until < ?)';
    return runTransaction(this.dataSource, function* (mysql): Steps<WebhookEndpoint[]> {
      let claimable = due;
      if (mysql) {
        claimable = yield {
          sql: `SELECT workspace_id, id FROM webhook_endpoints WHERE (${due.map(() => '(workspace_id = ? AND id = ?)').join(' OR ')}) AND ${stillDue} LIMIT ? FOR UPDATE SKIP LOCKED`,
          parameters: [...due.flatMap((row) => [row.workspace_id, row.id]), at, at, limit],
        };
      }
      const claimed: WebhookEndpoint[] = [];
      for (const row of claimable.slice(0, limit)) {
        const result = yield {
          sql: `UPDATE webhook_endpoints SET lease_owner = ?, lease_until = ? WHERE workspace_id = ? AND id = ? AND ${stillDue}`,
          parameters: [owner, until.getTime(), row.workspace_id, row.id, at, at],
        };
        if (changedRows(result) === 0) continue; // another process took it since the read
        const endpoint = yield* endpointStep(row.workspace_id, row.id);
        if (endpoint) claimed.push(endpoint);
      }
      return claimed;
    });
  }

  progress(endpoint: WebhookEndpoint, owner: string, p: EndpointProgress, at: Date, leaseUntil?: Date): Promise<boolean> {
    return this.bookkeeping.run(function* () {
      return changedRows(yield progressStep(endpoint.workspaceId, endpoint.id, owner, p, at, leaseUntil)) > 0;
    });
  }

  /**
   * A scheduled attempt is taken by moving its `next_attempt_at` to `until`: another process takes it only once
   * that has passed (this one died while sending it), as an endpoint's lease.
   */
  async claimScheduled(
    now: Date,
    until: Date,
    limit: number,
    fairness: ClaimFairness,
    accept: (workspaceId: string, id: string) => boolean = () => true,
  ): Promise<WebhookDelivery[]> {
    const at = now.getTime();
    const found: { workspace_id: string; id: string }[] = await this.dataSource.query(
      ...fairScan(
        "SELECT workspace_id, id, next_attempt_at FROM webhook_deliveries WHERE status = 'scheduled' AND next_attempt_at <= ?",
        'workspace_id',
        'id',
        [at],
        limit * 4,
        fairness,
      ),
    );
    const due = found.filter((row) => accept(row.workspace_id, row.id)).slice(0, limit);
    if (due.length === 0) return [];
    return runTransaction(this.dataSource, function* (): Steps<WebhookDelivery[]> {
      const claimed: WebhookDelivery[] = [];
      for (const row of due) {
        const result = yield {
          sql: "UPDATE webhook_deliveries SET next_attempt_at = ? WHERE id = ? AND status = 'scheduled' AND next_attempt_at <= ?",
          parameters: [until.getTime(), row.id, at],
        };
        if (changedRows(result) === 0) continue; // another process took it since the read
        const rows: Row[] = yield { sql: `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE id = ?`, parameters: [row.id] };
        if (rows[0]) claimed.push(fromDeliveryRow(rows[0]));
      }
      return claimed;
    });
  }

  finishScheduled(d: WebhookDelivery): Promise<boolean> {
    return this.bookkeeping.run(function* (): Steps<boolean> {
      const result = yield {
        sql: "UPDATE webhook_deliveries SET status = ?, response_code = ?, duration_ms = ?, response_excerpt = ?, error = ?, next_attempt_at = NULL WHERE id = ? AND status = 'scheduled'",
        parameters: [d.status, d.responseCode ?? null, d.durationMs, d.responseExcerpt ?? null, d.error ?? null, d.id],
      };
      return changedRows(result) > 0;
    });
  }
}

/**
 * A scan of due rows shared fairly among workspaces: each workspace's rows numbered in their due order, the first
 * of every workspace before the second of any, at most `perWorkspace` of one, none of `skipWorkspaces`. `select`
 * names `workspaceColumn`, `idColumn` and `next_attempt_at` and ends with its WHERE clause.
 */
function fairScan(
  select: string,
  workspaceColumn: string,
  idColumn: string,
  parameters: unknown[],
  limit: number,
  fairness?: ClaimFairness,
): [string, unknown[]] {
  const skip = fairness?.skipWorkspaces ?? [];
  const skipped = skip.length > 0 ? ` AND ${workspaceColumn} NOT IN (${skip.map(() => '?').join(', ')})` : '';
  const numbered = select.replace(
    / FROM /,
    `, ROW_NUMBER() OVER (PARTITION BY ${workspaceColumn} ORDER BY next_attempt_at, ${idColumn}) AS turn FROM `,
  );
  return [
    `SELECT workspace_id, id FROM (${numbered}${skipped}) due WHERE turn <= ? ORDER BY turn, next_attempt_at LIMIT ?`,
    [...parameters, ...skip, fairness?.perWorkspace ?? limit, limit],
  ];
}

/** Where a leased endpoint stands, written only while `owner` holds its lease. */
function progressStep(workspaceId: string, id: string, owner: string, p: EndpointProgress, at: Date, leaseUntil?: Date): Step {
  const sets = [
    'delivered_seq = ?',
    'attempts = ?',
    'attempt_started_at = ?',
    'next_attempt_at = ?',
    'failing_since = ?',
    'lease_owner = ?',
    'lease_until = ?',
  ];
  const parameters: unknown[] = [
    p.deliveredSeq,
    p.attempts,
    msOf(p.attemptStartedAt),
    msOf(p.nextAttemptAt),
    msOf(p.failingSince),
    leaseUntil ? owner : null,
    msOf(leaseUntil),
  ];
  if (p.disabledReason) {
    sets.push('enabled = 0', 'disabled_reason = ?', 'updated_at = ?');
    parameters.push(p.disabledReason.slice(0, 512), at.getTime());
  }
  return {
    sql: `UPDATE webhook_endpoints SET ${sets.join(', ')} WHERE workspace_id = ? AND id = ? AND lease_owner = ?`,
    parameters: [...parameters, workspaceId, id, owner],
  };
}

/** Inserts an attempt; with `kept`, deletes the endpoint's attempts past the newest `kept` (the caller says when). */
function* deliverySteps(d: WebhookDelivery, kept: number | undefined): Steps<void> {
  yield {
    sql: `INSERT INTO webhook_deliveries (${DELIVERY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    parameters: [
      d.id,
      d.workspaceId,
      d.endpointId,
      d.eventId,
      d.eventSeq,
      d.eventType,
      d.status,
      d.responseCode ?? null,
      d.durationMs,
      d.responseExcerpt ?? null,
      d.error ?? null,
      d.attempt,
      msOf(d.nextAttemptAt),
      d.createdAt.getTime(),
    ],
  };
  if (kept === undefined) return;
  // Bounded: the newest `kept` attempts of the endpoint stay (ids are UUIDv7: in time order).
  const oldest: { id: string }[] = yield {
    sql: 'SELECT id FROM webhook_deliveries WHERE endpoint_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?',
    parameters: [d.endpointId, kept],
  };
  if (oldest.length > 0)
    yield { sql: 'DELETE FROM webhook_deliveries WHERE endpoint_id = ? AND id <= ?', parameters: [d.endpointId, oldest[0].id] };
}
