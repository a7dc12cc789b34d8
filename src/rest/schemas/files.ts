import { Type } from '@sinclair/typebox';

/** Files: an entry's attachments and their versions, their bodies, links and parameters, and the spool of uploads. */

const DATE_TIME = { format: 'date-time' } as const;

export const AttachmentSchema = Type.Object(
  {
    id: Type.String(),
    entry_id: Type.String(),
    name: Type.String(),
    desc: Type.Optional(Type.String()),
    key: Type.Optional(Type.String()),
    category: Type.Optional(Type.String()),
    mime: Type.String(),
    size: Type.Integer({ minimum: 0 }),
    hash: Type.String({ description: 'SHA-256 of the contents, hexadecimal.' }),
    stored: Type.Boolean(),
    embeddable: Type.Optional(Type.Boolean()),
    private: Type.Optional(Type.Boolean()),
    url: Type.Optional(Type.String()),
    meta: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    created_at: Type.String(DATE_TIME),
  },
  { $id: 'Attachment', additionalProperties: false, description: 'A file of the entry, as listed in its `attachments`.' },
);

export const FileVersionSchema = Type.Object(
  {
    id: Type.String({ description: "Download it in place of the file's id." }),
    created_at: Type.String(DATE_TIME),
    hash: Type.String(),
    size: Type.Integer({ minimum: 0 }),
  },
  { $id: 'SiloFileVersion', additionalProperties: false, description: 'An earlier content of a file.' },
);

export const FileSchema = Type.Composite(
  [AttachmentSchema, Type.Object({ previous: Type.Array(FileVersionSchema, { description: 'Earlier contents, newest first.' }) })],
  { $id: 'SiloFile', additionalProperties: false, description: 'A file of an entry.' },
);

const fileFields = {
  name: Type.Optional(
    Type.String({ maxLength: 255, description: "Required in the JSON form; a multipart upload defaults to the part's file name." }),
  ),
  desc: Type.Optional(Type.String({ maxLength: 4096 })),
  key: Type.Optional(Type.String({ maxLength: 255 })),
  category: Type.Optional(Type.String({ description: 'format, request, response, agreement, verification or attachment.' })),
  mime: Type.Optional(Type.String({ description: "Media type; by default the part's, or application/octet-stream." })),
  embeddable: Type.Optional(Type.Boolean()),
  private: Type.Optional(Type.Boolean()),
  meta: Type.Optional(Type.Record(Type.String(), Type.String())),
  sha256: Type.Optional(Type.String({ description: 'When given, must be the SHA-256 (hex) of the bytes.' })),
  size: Type.Optional(Type.Integer({ minimum: 0, description: 'When given, must be the number of bytes.' })),
};

export const FileJsonBody = Type.Object(
  {
    ...fileFields,
    data: Type.Optional(
      Type.String({
        contentEncoding: 'base64',
        description:
          "The file's bytes, base64. Without it the file is a placeholder (`stored: false`): give `sha256`, `size` and `mime`, and PUT the bytes to its `url`.",
        expected: 'a base64 string',
      }),
    ),
  },
  { $id: 'CreateSiloFile', description: 'A file with its bytes inline, or a placeholder for bytes to come.' },
);

export const FileMultipartBody = Type.Object(
  {
    file: Type.String({ contentMediaType: 'application/octet-stream', description: 'The file (one part).' }),
    ...Object.fromEntries(
      Object.entries(fileFields).map(([name, schema]) => [name, Type.Optional(Type.String({ description: schema.description }))]),
    ),
  },
  { description: 'The file as a part, and the other fields as form fields (`meta` as JSON text).' },
);

export const FileParams = Type.Object({
  entry_id: Type.String({ description: "The entry's UUID." }),
  id: Type.String({ description: "The file's UUID." }),
});
export const EntryFilesParams = Type.Object({ entry_id: Type.String({ description: "The entry's UUID." }) });
export const DownloadParams = Type.Object({
  entry_id: Type.String({ description: "The entry's UUID." }),
  id: Type.String({ description: "The file's UUID, or one of its earlier versions'." }),
});

/** A file's signed link (its `url`'s query): fetches the bytes without a token until it expires. */
export const FileLinkQuery = Type.Object({
  expires: Type.Optional(
    Type.String({
      description:
        "A signed link's expiry, in seconds since 1970 (with `scope` and `signature`, the link works without a token until then).",
    }),
  ),
  scope: Type.Optional(Type.String({ description: "A signed link's sealed workspace." })),
  signature: Type.Optional(Type.String({ description: "A signed link's signature; an expired or altered link is 403 `forbidden`." })),
});
export const SpoolUploadBody = Type.Object(
  {
    data: Type.String({
      contentEncoding: 'base64',
      description: "The file's bytes, base64 (at most FILE_SIZE_LIMIT once decoded).",
      expected: 'a base64 string',
    }),
    name: Type.String({
      description: "The file's name: at most 255 characters, no path separators or control characters.",
      examples: ['invoice.xml'],
    }),
    type: Type.Optional(
      Type.String({
        description: 'The media type of the bytes (RFC 9110, ASCII); application/octet-stream when absent.',
        examples: ['application/xml'],
      }),
    ),
  },
  { $id: 'SiloUploadTempFile', description: 'A temporary file for the spool.' },
);

export const SpoolItemSchema = Type.Object(
  {
    key: Type.String({
      description: 'Where the file is found again: GET or DELETE /silo/v1/spool/{key}.',
      examples: ['2025-W20-0123456789abcdef0123-invoice.xml'],
    }),
    name: Type.String(),
    type: Type.String({ description: 'The media type the file is downloaded with.' }),
    size: Type.Integer({ minimum: 0 }),
    hash: Type.String({ description: 'SHA-256 of the bytes, hexadecimal.' }),
    url: Type.String({
      description:
        "The absolute address of its bytes, as a file's `url` starts (PUBLIC_BASE_URL, else the request's own scheme and host): GET it with the token.",
      examples: ['https://silo.example.com/silo/v1/spool/2025-W20-0123456789abcdef0123-invoice.xml'],
    }),
    created_at: Type.String(DATE_TIME),
    expires_at: Type.String({ ...DATE_TIME, description: 'When it is gone (SPOOL_LIFETIME after the upload).' }),
  },
  { $id: 'SiloUploadTempFileResponse', additionalProperties: false, description: 'A spooled temporary file.' },
);

export const SpoolKeyParams = Type.Object({ key: Type.String({ description: 'The key the upload answered.' }) });
