// The offline page (offline.html, shown by the service worker for any page asked for without a network): its
// style, and back to the page the player wanted as soon as the network returns.
import '@fontsource/cinzel/latin-700.css';
import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-700.css';
import '../styles/tokens.css';
import './offline.css';

addEventListener('online', () => location.reload());
