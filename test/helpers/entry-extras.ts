import type { DataSource } from 'typeorm';
import { AttachmentEntity } from '../../src/storage/entities/attachment.entity';
import { MetaEntity } from '../../src/storage/entities/meta.entity';

/**
 * Gives each entry two attachments and two meta records, written straight to their tables: the service
 * has no route that adds them, and the GraphQL types that show them need some to show.
 */
export async function storeAttachmentsAndMeta(dataSource: DataSource, workspaceId: string, entryIds: string[]): Promise<void> {
  const now = Date.now();
  const rows = entryIds.flatMap((entryId) => [1, 2].map((n) => ({ entryId, n })));
  await dataSource.getRepository(AttachmentEntity).insert(
    rows.map(({ entryId, n }) => ({
      workspaceId,
      entryId,
      id: `att-${n}`,
      name: `file-${n}.pdf`,
      desc: n === 1 ? 'first' : null,
      mime: 'application/pdf',
      size: 1000 * n,
      hash: `sha256:${n}`,
      stored: true,
      url: null,
      meta: JSON.stringify({ pages: n }),
      createdAt: now + n,
    })),
  );
  await dataSource.getRepository(MetaEntity).insert(
    rows.map(({ entryId, n }) => ({
      workspaceId,
      entryId,
      src: 'erp',
      key: `k${n}`,
      value: JSON.stringify({ n }),
      ref: null,
      ownerId: 'owner-1',
      owned: true,
      indexed: n === 1,
      secure: false,
      shared: false,
      linkScope: null,
      linkUrl: n === 2 ? 'https://example.com/x' : null,
      createdAt: now + n,
      updatedAt: now + n,
    })),
  );
}
