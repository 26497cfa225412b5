/**
 * The kit's small stylesheets, loaded with the first one (3.9 kB more in it, 18.8 kB). Each component
 * still imports its own; imported here too, they leave the screens' chunks, so a screen's import
 * inserts one or two `<link rel=stylesheet>` instead of up to seven: each insertion cost its share of
 * the screen's first task on a phone (Lighthouse, 4×). The larger ones (thread, Leaflet's) stay with
 * the screens that use them.
 */
import './status-pill.css';
import './facts.css';
import './filter-chips.css';
import './list-skeleton.css';
import './offline-not-yet.css';
import './date-input.css';
import './detail-header.css';
import './tabs.css';
import './media-grid.css';
