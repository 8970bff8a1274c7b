import { useAppStore } from '../../stores/app-store';

/** The first thing to do in an empty graph: add papers in the Library. */
export function GoToLibrary() {
  return (
    <button
      type="button"
      className="btn btn-primary"
      onClick={() => useAppStore.getState().setSection('library')}
    >
      Go to the Library
    </button>
  );
}
