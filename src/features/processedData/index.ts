// The processedData feature's face: all that other features may import from it (docs/ARCHITECTURE.md, SPA seams).
export type { AggregateReportAttributes } from './types';
export { UploadReportsButton } from './upload/UploadReportsButton';
