import { createModelCalls } from '../runtime/model-calls';
import { JobQueue } from '../queue/job-queue';
import { resolveEntities } from '../resolve/resolve';
export const x = [createModelCalls, JobQueue, resolveEntities];
