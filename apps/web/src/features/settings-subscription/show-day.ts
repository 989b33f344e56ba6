export { showDay } from '../../lib/settings/dates';
