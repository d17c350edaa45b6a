import type { SequenceState } from './catalog';

// The export file: gzip'd JSON lines. Lines that start with {"$": mark the structure; every other line is
// one row as PostgreSQL's row_to_json wrote it (values in their JSON or text form, read back by
// json_populate_recordset, so nothing passes through JavaScript numbers or dates).
//
//   {"$":"msas-export","version":1,"migrations":[...],"created_at":"..."}
//   {"$":"table","name":"domains","columns":["id",...]}
//   {"id":1,"name":"example.com",...}            one line per row
//   {"$":"end-table","name":"domains","rows":1}
//   ...                                           every table, in name order
//   {"$":"sequences","sequences":[{"name":"domains_id_seq","last_value":"1","is_called":true},...]}
//   {"$":"end","tables":37}

export const formatName = 'msas-export';
export const formatVersion = 1;
export const markerPrefix = '{"$":';

export type Header = { $: typeof formatName; version: number; migrations: string[]; created_at: string };
export type TableStart = { $: 'table'; name: string; columns: string[] };
export type TableEnd = { $: 'end-table'; name: string; rows: number };
export type Sequences = { $: 'sequences'; sequences: SequenceState[] };
export type End = { $: 'end'; tables: number };
export type Marker = Header | TableStart | TableEnd | Sequences | End;

export const isMarker = (line: string) => line.startsWith(markerPrefix);
