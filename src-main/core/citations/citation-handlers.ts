import type { ApiHandlers } from '../../contract/handlers';
import type { CitationService } from './citation-service';

type CitationHandlers = Pick<ApiHandlers, 'citations:list' | 'citations:document' | 'citations:paper-map'>;

/** Handlers of the citations domain (citations:*): references matched to documents, and the paper map. */
export function createCitationHandlers(svc: CitationService): CitationHandlers {
  return {
    async 'citations:list'() {
      return { citations: await svc.list() };
    },
    async 'citations:document'({ documentId }) {
      return svc.document(documentId);
    },
    async 'citations:paper-map'({ linksPerPaper }) {
      return svc.paperMap(linksPerPaper);
    },
  };
}
