/**
 * The script index.html carries inline (decision 0051), built by first-load-script.ts: it runs
 * while the HTML is read, before any bundle has arrived, and starts the page's first request.
 */
import { startEarlyRequests } from './early-requests';
import { writeHandoff } from './handoff';

writeHandoff(window, startEarlyRequests(window, Math.random));
