// The drafts worker (draft-store.ts): writes and reads the page's drafts in IndexedDB off the main thread.
import { indexedDbBackend, serveDrafts } from "./draft-store.ts";

serveDrafts(self as unknown as Parameters<typeof serveDrafts>[0], indexedDbBackend(indexedDB));
