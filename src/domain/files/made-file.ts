import type { Attachment } from '../entries/model/entry';
import { ContentReceiver } from './file-content';
import type { FilesService } from './files.service';

/**
 * Stores what the engine made of an entry (its PDF, its invoice in a format; `format` files) or what came with it
 * (a received e-invoice's original and its validation report) as the entry's file of a fixed id: attaching again is a new version of that
 * one file. Its write brings its `entry.file_added` event, as any upload's.
 */
export function putMadeFile(
  files: Pick<FilesService, 'putFile'>,
  workspaceId: string,
  entryId: string,
  file: { id: string; name: string; mime: string; category?: string; key?: string; meta?: Record<string, string> },
  bytes: Buffer,
): Promise<Attachment> {
  const receiver = new ContentReceiver();
  receiver.write(bytes);
  return files.putFile(
    workspaceId,
    entryId,
    { name: file.name, mime: file.mime, category: file.category ?? 'format', key: file.key, meta: file.meta },
    receiver.finish(),
    {
      id: file.id,
    },
  );
}
