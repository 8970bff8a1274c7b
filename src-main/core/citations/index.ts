export { createCitationService, type CitationService } from './citation-service';
export { createCitationHandlers } from './citation-handlers';
