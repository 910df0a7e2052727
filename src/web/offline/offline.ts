// The offline page (offline.html, shown by the service worker for any page asked for without a network): its
// style, and back to the page the player wanted as soon as the network returns.
// Its fonts and the tokens come in through offline.css's @imports, so this entry shares no module with the app's
// (the app's first screen is one chunk: vite.config.ts).
import './offline.css';

addEventListener('online', () => location.reload());
