import type { DataSource } from 'typeorm';
import type { Job, JobProgress } from '../domain/workflows/job';
import type { Steps, Workflow, WorkflowVersion } from '../domain/workflows/workflow';
import type { WorkflowStore } from '../domain/workflows/workflow-store';
import type { EventsOf } from '../domain/entries/model/entry-event';
import { duplicateIndexOf } from './duplicate-key';
import { announceSteps } from './event-steps';
import { changedRows, runTransaction, type Steps as SqlSteps } from './sql-transaction';

type Row = Record<string, unknown>;
const msOf = (date: Date | undefined) => (date ? date.getTime() : null);
const dateOf = (value: unknown) => (value === null || value === undefined ? undefined : new Date(Number(value)));
const textOf = (value: unknown) => (value === null || value === undefined ? undefined : String(value));

const WORKFLOW_COLUMNS =
  'workspace_id, id, name, description, schema_name, country, draft, disabled, steps, version, hash, created_at, updated_at';
const JOB_COLUMNS =
  'workspace_id, id, job_key, workflow_id, silo_entry_id, status, state, next_step_id, tries, due_at, created_at, updated_at, completed_at';

function workflowOf(row: Row): Workflow {
  const steps = JSON.parse(String(row.steps)) as Steps;
  return {
    workspaceId: String(row.workspace_id),
    id: String(row.id),
    name: String(row.name),
    description: textOf(row.description),
    schema: textOf(row.schema_name),
    country: textOf(row.country),
    draft: Number(row.draft) === 1,
    disabled: Number(row.disabled) === 1,
    steps: steps.steps,
    rescue: steps.rescue,
    version: Number(row.version),
    hash: String(row.hash),
    createdAt: new Date(Number(row.created_at)),
    updatedAt: new Date(Number(row.updated_at)),
  };
}

/** What a job's `state` column holds: everything of it that is not a column of its own. */
type JobState = Pick<Job, 'args' | 'tags' | 'steps' | 'intents' | 'faults' | 'attachments'>;

function jobOf(row: Row): Job {
  const state = JSON.parse(String(row.state), (key, value: unknown) =>
    (key === 'at' || key === 'createdAt' || key === 'updatedAt') && typeof value === 'string' ? new Date(value) : value,
  ) as JobState;
  return {
    ...state,
    workspaceId: String(row.workspace_id),
    id: String(row.id),
    key: textOf(row.job_key),
    workflowId: String(row.workflow_id),
    siloEntryId: textOf(row.silo_entry_id),
    status: String(row.status) as Job['status'],
    nextStepId: textOf(row.next_step_id),
    tries: Number(row.tries),
    dueAt: dateOf(row.due_at),
    createdAt: new Date(Number(row.created_at)),
    updatedAt: new Date(Number(row.updated_at)),
    completedAt: dateOf(row.completed_at),
  };
}

const stateOf = (job: JobState): string =>
  JSON.stringify({
    args: job.args,
    tags: job.tags,
    steps: job.steps,
    intents: job.intents,
    faults: job.faults,
    attachments: job.attachments,
  });

function* jobStep(workspaceId: string, id: string): SqlSteps<Job | undefined> {
  const rows: Row[] = yield {
    sql: `SELECT ${JOB_COLUMNS} FROM transform_jobs WHERE workspace_id = ? AND id = ?`,
    parameters: [workspaceId, id],
  };
  return rows[0] ? jobOf(rows[0]) : undefined;
}

/** A workspace's jobs not ended (a job's due_at is cleared when it ends). */
const IN_FLIGHT_SQL = 'SELECT COUNT(*) AS n FROM transform_jobs WHERE workspace_id = ? AND due_at IS NOT NULL';

/** Workflows, their versions, and jobs. */
export class WorkflowRepository implements WorkflowStore {
  constructor(private readonly dataSource: DataSource) {}

  async createWorkflow(workflow: Workflow, limit: number): Promise<{ workflow: Workflow; created: boolean } | undefined> {
    const found = await this.findWorkflow(workflow.workspaceId, workflow.id);
    if (found) return { workflow: found, created: false };
    try {
      return await runTransaction(this.dataSource, function* () {
        const [count]: Row[] = yield {
          sql: 'SELECT COUNT(*) AS n FROM transform_workflows WHERE workspace_id = ?',
          parameters: [workflow.workspaceId],
        };
        if (Number(count.n) >= limit) return undefined;
        yield {
          sql: `INSERT INTO transform_workflows (${WORKFLOW_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          parameters: [
            workflow.workspaceId,
            workflow.id,
            workflow.name,
            workflow.description ?? null,
            workflow.schema ?? null,
            workflow.country ?? null,
            workflow.draft ? 1 : 0,
            workflow.disabled ? 1 : 0,
            JSON.stringify({ steps: workflow.steps, rescue: workflow.rescue }),
            workflow.version,
            workflow.hash,
            workflow.createdAt.getTime(),
            workflow.updatedAt.getTime(),
          ],
        };
        yield {
          sql: 'INSERT INTO transform_workflow_versions (workspace_id, workflow_id, version, name, hash, created_at) VALUES (?, ?, ?, ?, ?, ?)',
          parameters: [workflow.workspaceId, workflow.id, workflow.version, workflow.name, workflow.hash, workflow.createdAt.getTime()],
        };
        return { workflow, created: true };
      });
    } catch (error) {
      if (duplicateIndexOf(error) === undefined) throw error;
      const stored = await this.findWorkflow(workflow.workspaceId, workflow.id);
      if (!stored) throw error;
      return { workflow: stored, created: false };
    }
  }

  updateWorkflow(workflow: Workflow, newVersion: boolean, kept: number): Promise<Workflow | undefined> {
    return runTransaction(this.dataSource, function* () {
      const result = yield {
        sql:
          'UPDATE transform_workflows SET name = ?, description = ?, draft = ?, disabled = ?, steps = ?, version = ?, hash = ?, updated_at = ? ' +
          'WHERE workspace_id = ? AND id = ? AND version = ?',
        parameters: [
          workflow.name,
          workflow.description ?? null,
          workflow.draft ? 1 : 0,
          workflow.disabled ? 1 : 0,
          JSON.stringify({ steps: workflow.steps, rescue: workflow.rescue }),
          workflow.version,
          workflow.hash,
          workflow.updatedAt.getTime(),
          workflow.workspaceId,
          workflow.id,
          newVersion ? workflow.version - 1 : workflow.version,
        ],
      };
      if (changedRows(result) === 0) return undefined;
      if (newVersion) {
        yield {
          sql: 'INSERT INTO transform_workflow_versions (workspace_id, workflow_id, version, name, hash, created_at) VALUES (?, ?, ?, ?, ?, ?)',
          parameters: [workflow.workspaceId, workflow.id, workflow.version, workflow.name, workflow.hash, workflow.updatedAt.getTime()],
        };
        yield {
          sql: 'DELETE FROM transform_workflow_versions WHERE workspace_id = ? AND workflow_id = ? AND version <= ?',
          parameters: [workflow.workspaceId, workflow.id, workflow.version - kept],
        };
      }
      return workflow;
    });
  }

  async findWorkflow(workspaceId: string, id: string): Promise<Workflow | undefined> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT ${WORKFLOW_COLUMNS} FROM transform_workflows WHERE workspace_id = ? AND id = ?`,
      [workspaceId, id],
    );
    return rows[0] ? workflowOf(rows[0]) : undefined;
  }

  async listWorkflows(workspaceId: string, options: { limit: number; before?: Date; schema?: string }): Promise<Workflow[]> {
    const where = ['workspace_id = ?'];
    const parameters: unknown[] = [workspaceId];
    if (options.before) {
      where.push('created_at < ?');
      parameters.push(options.before.getTime());
    }
    if (options.schema) {
      where.push('schema_name = ?');
      parameters.push(options.schema);
    }
    const rows: Row[] = await this.dataSource.query(
      `SELECT ${WORKFLOW_COLUMNS} FROM transform_workflows WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT ${Number(options.limit)}`,
      parameters,
    );
    return rows.map(workflowOf);
  }

  async versionsOf(workspaceId: string, id: string): Promise<WorkflowVersion[]> {
    const rows: Row[] = await this.dataSource.query(
      'SELECT version, name, hash, created_at FROM transform_workflow_versions WHERE workspace_id = ? AND workflow_id = ? ORDER BY version DESC',
      [workspaceId, id],
    );
    return rows.map((row) => ({
      version: Number(row.version),
      name: String(row.name),
      hash: String(row.hash),
      createdAt: new Date(Number(row.created_at)),
    }));
  }

  async jobsInFlight(workspaceId: string): Promise<number> {
    const [count]: Row[] = await this.dataSource.query(IN_FLIGHT_SQL, [workspaceId]);
    return Number(count.n);
  }

  async createJob(job: Job, inFlight: number): Promise<{ job: Job; created: boolean } | undefined> {
    try {
      return await runTransaction(this.dataSource, function* () {
        const existing = yield* jobStep(job.workspaceId, job.id);
        if (existing) return { job: existing, created: false };
        const [count]: Row[] = yield { sql: IN_FLIGHT_SQL, parameters: [job.workspaceId] };
        if (Number(count.n) >= inFlight) return undefined;
        yield {
          sql: `INSERT INTO transform_jobs (${JOB_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          parameters: [
            job.workspaceId,
            job.id,
            job.key ?? null,
            job.workflowId,
            job.siloEntryId ?? null,
            job.status,
            stateOf(job),
            job.nextStepId ?? null,
            job.tries,
            msOf(job.dueAt),
            job.createdAt.getTime(),
            job.updatedAt.getTime(),
            msOf(job.completedAt),
          ],
        };
        return { job, created: true };
      });
    } catch (error) {
      // The same id or key at the same moment: answer the job that was stored.
      if (duplicateIndexOf(error) === undefined) throw error;
      const stored =
        (await this.findJob(job.workspaceId, job.id)) ?? (job.key ? await this.findJobByKey(job.workspaceId, job.key) : undefined);
      if (!stored) throw error;
      return { job: stored, created: false };
    }
  }

  async findJob(workspaceId: string, id: string): Promise<Job | undefined> {
    const rows: Row[] = await this.dataSource.query(`SELECT ${JOB_COLUMNS} FROM transform_jobs WHERE workspace_id = ? AND id = ?`, [
      workspaceId,
      id,
    ]);
    return rows[0] ? jobOf(rows[0]) : undefined;
  }

  async findJobByKey(workspaceId: string, key: string): Promise<Job | undefined> {
    const rows: Row[] = await this.dataSource.query(`SELECT ${JOB_COLUMNS} FROM transform_jobs WHERE workspace_id = ? AND job_key = ?`, [
      workspaceId,
      key,
    ]);
    return rows[0] ? jobOf(rows[0]) : undefined;
  }

  async listJobs(
    workspaceId: string,
    options: { limit: number; before?: { createdAt: Date; id: string }; entryId?: string },
  ): Promise<Job[]> {
    const where = ['workspace_id = ?'];
    const parameters: unknown[] = [workspaceId];
    if (options.entryId) {
      where.push('silo_entry_id = ?');
      parameters.push(options.entryId);
    }
    if (options.before) {
      where.push('(created_at < ? OR (created_at = ? AND id < ?))');
      parameters.push(options.before.createdAt.getTime(), options.before.createdAt.getTime(), options.before.id);
    }
    const rows: Row[] = await this.dataSource.query(
      `SELECT ${JOB_COLUMNS} FROM transform_jobs WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT ${Number(options.limit)}`,
      parameters,
    );
    return rows.map(jobOf);
  }

  async latestJobsOfEntries(workspaceId: string, entryIds: readonly string[], perEntry: number): Promise<Job[]> {
    if (entryIds.length === 0) return [];
    // One statement for every entry, each part its entry's newest from the index: at most `perEntry` rows each.
    const part = `SELECT * FROM (SELECT ${JOB_COLUMNS} FROM transform_jobs WHERE workspace_id = ? AND silo_entry_id = ? ORDER BY created_at DESC, id DESC LIMIT ${Number(perEntry)})`;
    const rows: Row[] = await this.dataSource.query(
      entryIds.map((_, i) => `${part} entry_jobs_${i}`).join(' UNION ALL '),
      entryIds.flatMap((entryId) => [workspaceId, entryId]),
    );
    return rows.map(jobOf);
  }

  async claimDueJobs(
    owner: string,
    now: Date,
    until: Date,
    limit: number,
    perWorkspace: number,
    skipWorkspaces: readonly string[] = [],
  ): Promise<Job[]> {
    const at = now.getTime();
    const free = 'due_at IS NOT NULL AND due_at <= ? AND (lease_until IS NULL OR lease_until < ?)';
    const skipped = skipWorkspaces.length > 0 ? ` AND workspace_id NOT IN (${skipWorkspaces.map(() => '?').join(', ')})` : '';
    // Read first, outside a transaction (a poll that finds nothing writes nothing), each workspace's first due job
    // before any workspace's second.
    const found: Row[] = await this.dataSource.query(
      'SELECT workspace_id, id FROM (SELECT workspace_id, id, due_at, ROW_NUMBER() OVER (PARTITION BY workspace_id ORDER BY due_at, id) AS turn ' +
        `FROM transform_jobs WHERE ${free}${skipped}) due WHERE turn <= ? ORDER BY turn, due_at LIMIT ?`,
      [at, at, ...skipWorkspaces, perWorkspace, limit],
    );
    if (found.length === 0) return [];
    return runTransaction(this.dataSource, function* (mysql): SqlSteps<Job[]> {
      let claimable = found;
      if (mysql)
        claimable = yield {
          sql: `SELECT workspace_id, id FROM transform_jobs WHERE (${found.map(() => '(workspace_id = ? AND id = ?)').join(' OR ')}) AND ${free} FOR UPDATE SKIP LOCKED`,
          parameters: [...found.flatMap((row) => [row.workspace_id, row.id]), at, at],
        };
      const claimed: Job[] = [];
      for (const row of claimable) {
        const result = yield {
          sql: `UPDATE transform_jobs SET lease_owner = ?, lease_until = ? WHERE workspace_id = ? AND id = ? AND ${free}`,
          parameters: [owner, until.getTime(), row.workspace_id, row.id, at, at],
        };
        if (changedRows(result) === 0) continue;
        const job = yield* jobStep(String(row.workspace_id), String(row.id));
        if (job) claimed.push(job);
      }
      return claimed;
    });
  }

  progressJob(job: Job, owner: string, progress: JobProgress, leaseUntil?: Date, eventsOf?: EventsOf): Promise<boolean> {
    const dataSource = this.dataSource;
    return runTransaction(this.dataSource, function* () {
      const result = yield {
        sql:
          'UPDATE transform_jobs SET status = ?, state = ?, next_step_id = ?, tries = ?, due_at = ?, silo_entry_id = ?, updated_at = ?, completed_at = ?, ' +
          'lease_owner = ?, lease_until = ? WHERE workspace_id = ? AND id = ? AND lease_owner = ?',
        parameters: [
          progress.status,
          stateOf({ ...job, ...progress }),
          progress.nextStepId ?? null,
          progress.tries,
          msOf(progress.dueAt),
          progress.siloEntryId ?? null,
          progress.updatedAt.getTime(),
          msOf(progress.completedAt),
          leaseUntil ? owner : null,
          msOf(leaseUntil),
          job.workspaceId,
          job.id,
          owner,
        ],
      };
      if (changedRows(result) === 0) return false;
      // The job's end, told in its entry's feed with the write that ends it.
      if (progress.siloEntryId) yield* announceSteps(dataSource, job.workspaceId, progress.siloEntryId, eventsOf);
      return true;
    });
  }

  async nextDue(): Promise<Date | undefined> {
    const [row]: Row[] = await this.dataSource.query('SELECT MIN(due_at) AS due FROM transform_jobs WHERE due_at IS NOT NULL');
    return dateOf(row?.due);
  }
}
