import { Column, PrimaryColumn, type ColumnOptions, type PrimaryColumnOptions, type ValueTransformer } from 'typeorm';

/**
 * Times (whole milliseconds since the epoch) and sizes are stored in BIGINT columns: exact, and compared
 * the same way by every engine. Drivers may hand BIGINT back as a string; this turns it into a number again.
 */
export const bigintAsNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null ? null : Number(value)),
};

type Extra = { primary?: boolean } & Pick<ColumnOptions, 'nullable' | 'select' | 'default'>;

/** A column with these options, part of the primary key when `primary` says so. */
function column({ primary, ...extra }: Extra, options: ColumnOptions): PropertyDecorator {
  return primary ? PrimaryColumn({ ...options, ...extra } as PrimaryColumnOptions) : Column({ ...options, ...extra });
}

/** A VARCHAR of `length` characters. */
export function VarcharColumn(name: string, length: number, extra: Extra = {}): PropertyDecorator {
  return column(extra, { name, type: 'varchar', length });
}

/** A UUID, as VARCHAR(36). */
export function UuidColumn(name: string, extra: Extra = {}): PropertyDecorator {
  return VarcharColumn(name, 36, extra);
}

export function TextColumn(name: string, extra: Extra = {}): PropertyDecorator {
  return column(extra, { name, type: 'text' });
}

export function BooleanColumn(name: string, extra: Extra = {}): PropertyDecorator {
  return column(extra, { name, type: 'boolean' });
}

export function IntColumn(name: string, extra: Extra = {}): PropertyDecorator {
  return column(extra, { name, type: 'int' });
}

export function BlobColumn(name: string, extra: Extra = {}): PropertyDecorator {
  return column(extra, { name, type: 'blob' });
}

/** A BIGINT read back as a number (see `bigintAsNumber`): a time in milliseconds, or a size. */
export function BigintColumn(name: string, extra: Extra = {}): PropertyDecorator {
  return column(extra, { name, type: 'bigint', transformer: bigintAsNumber });
}

/** `workspace_id`: the workspace a row belongs to, first in every table's primary key. */
export function WorkspaceIdColumn(): PropertyDecorator {
  return VarcharColumn('workspace_id', 255, { primary: true });
}

/** `entry_id`: the entry a row belongs to. */
export function EntryIdColumn(extra: Extra = {}): PropertyDecorator {
  return UuidColumn('entry_id', extra);
}

/** `created_at`: when the row was made, in milliseconds since the epoch. */
export function CreatedAtColumn(): PropertyDecorator {
  return BigintColumn('created_at');
}

/** `updated_at`: when the row was last changed, in milliseconds since the epoch. */
export function UpdatedAtColumn(): PropertyDecorator {
  return BigintColumn('updated_at');
}
