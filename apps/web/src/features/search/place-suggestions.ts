/**
 * The hero search's suggestions (libs/domain's suggestAreaPlaces), in a chunk of their own that the
 * box loads with the places list when it is first focused or typed in: a landing page does not
 * fetch 3 KB gzip of matching code for a box most visitors never open (issue 16).
 */
export { suggestAreaPlaces } from '@husly/domain';
