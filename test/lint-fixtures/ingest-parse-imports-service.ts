import { startIngest } from '../ingest-service';
export const x = startIngest;
