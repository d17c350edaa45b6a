// pg-boss's job states (its 10.x schema), apart from the queries so that `msas --help` can list them cheaply.
export const jobStates = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobState = (typeof jobStates)[number];
