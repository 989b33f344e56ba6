import type { Migration } from '@mikro-orm/migrations';
import { Migration20261121035646_initial_schema } from './Migration20261121035646_initial_schema';
import { Migration20261121040018_core_records } from './Migration20261121040018_core_records';
import { Migration20261121040501_sessions_event_logs_storage } from './Migration20261121040501_sessions_event_logs_storage';
import { Migration20261121050000_workspace_plugin_settings } from './Migration20261121050000_workspace_plugin_settings';
import { Migration20261121050100_processed_event_type_optional } from './Migration20261121050100_processed_event_type_optional';
import { Migration20261121050200_meter_usage_reports } from './Migration20261121050200_meter_usage_reports';
import { Migration20261123102739_egress_tools_and_source_counts } from './Migration20261123102739_egress_tools_and_source_counts';
import { Migration20261123103347_trigger_state } from './Migration20261123103347_trigger_state';
import { Migration20261123133644_integration_connections } from './Migration20261123133644_integration_connections';
import { Migration20261123134500_knowledge } from './Migration20261123134500_knowledge';
import { Migration20261123140000_image_generations } from './Migration20261123140000_image_generations';
import { Migration20261123141000_delivery_records } from './Migration20261123141000_delivery_records';
import { Migration20261127071517_usage_reservations } from './Migration20261127071517_usage_reservations';
import { Migration20261127110000_image_generation_holds } from './Migration20261127110000_image_generation_holds';
import { Migration20261127120000_schedule_time_zones } from './Migration20261127120000_schedule_time_zones';
import { Migration20261127140000_knowledge_robots_left_out } from './Migration20261127140000_knowledge_robots_left_out';
import { Migration20261128090000_home_view_hashes } from './Migration20261128090000_home_view_hashes';
import { Migration20261128100000_robots_txt_cache } from './Migration20261128100000_robots_txt_cache';
import { Migration20261129100000_seal_knowledge_titles } from './Migration20261129100000_seal_knowledge_titles';
import { Migration20261130090000_usage_reservation_month } from './Migration20261130090000_usage_reservation_month';
import { Migration20261201090000_knowledge_source_addresses } from './Migration20261201090000_knowledge_source_addresses';
import { Migration20261202090000_subscription_pause_reason } from './Migration20261202090000_subscription_pause_reason';
import { Migration20261203090000_home_view_notices } from './Migration20261203090000_home_view_notices';
import { Migration20261204090000_delivery_record_job } from './Migration20261204090000_delivery_record_job';
import { Migration20261205090000_knowledge_chunk_terms } from './Migration20261205090000_knowledge_chunk_terms';
import { Migration20261206090000_knowledge_repository_cut } from './Migration20261206090000_knowledge_repository_cut';
import { Migration20261207090000_knowledge_terms_version } from './Migration20261207090000_knowledge_terms_version';
import { Migration20261208090000_used_auth_states } from './Migration20261208090000_used_auth_states';

type MigrationClass = new (...args: ConstructorParameters<typeof Migration>) => Migration;

// Ordered list of checked-in migrations. `npx tsx adapters/postgres/generate-migration.ts <name>`
// writes a new file and appends it here; names are stored in the migrations table, never rename one.
export const migrations: { name: string; class: MigrationClass }[] = [
  { name: 'Migration20261121035646_initial_schema', class: Migration20261121035646_initial_schema },
  { name: 'Migration20261121040018_core_records', class: Migration20261121040018_core_records },
  { name: 'Migration20261121040501_sessions_event_logs_storage', class: Migration20261121040501_sessions_event_logs_storage },
  { name: 'Migration20261121050000_workspace_plugin_settings', class: Migration20261121050000_workspace_plugin_settings },
  { name: 'Migration20261121050100_processed_event_type_optional', class: Migration20261121050100_processed_event_type_optional },
  { name: 'Migration20261121050200_meter_usage_reports', class: Migration20261121050200_meter_usage_reports },
  { name: 'Migration20261123102739_egress_tools_and_source_counts', class: Migration20261123102739_egress_tools_and_source_counts },
  { name: 'Migration20261123103347_trigger_state', class: Migration20261123103347_trigger_state },
  { name: 'Migration20261123133644_integration_connections', class: Migration20261123133644_integration_connections },
  { name: 'Migration20261123134500_knowledge', class: Migration20261123134500_knowledge },
  { name: 'Migration20261123140000_image_generations', class: Migration20261123140000_image_generations },
  { name: 'Migration20261123141000_delivery_records', class: Migration20261123141000_delivery_records },
  { name: 'Migration20261127071517_usage_reservations', class: Migration20261127071517_usage_reservations },
  { name: 'Migration20261127110000_image_generation_holds', class: Migration20261127110000_image_generation_holds },
  { name: 'Migration20261127120000_schedule_time_zones', class: Migration20261127120000_schedule_time_zones },
  { name: 'Migration20261127140000_knowledge_robots_left_out', class: Migration20261127140000_knowledge_robots_left_out },
  { name: 'Migration20261128090000_home_view_hashes', class: Migration20261128090000_home_view_hashes },
  { name: 'Migration20261128100000_robots_txt_cache', class: Migration20261128100000_robots_txt_cache },
  { name: 'Migration20261129100000_seal_knowledge_titles', class: Migration20261129100000_seal_knowledge_titles },
  { name: 'Migration20261130090000_usage_reservation_month', class: Migration20261130090000_usage_reservation_month },
  { name: 'Migration20261201090000_knowledge_source_addresses', class: Migration20261201090000_knowledge_source_addresses },
  { name: 'Migration20261202090000_subscription_pause_reason', class: Migration20261202090000_subscription_pause_reason },
  { name: 'Migration20261203090000_home_view_notices', class: Migration20261203090000_home_view_notices },
  { name: 'Migration20261204090000_delivery_record_job', class: Migration20261204090000_delivery_record_job },
  { name: 'Migration20261205090000_knowledge_chunk_terms', class: Migration20261205090000_knowledge_chunk_terms },
  { name: 'Migration20261206090000_knowledge_repository_cut', class: Migration20261206090000_knowledge_repository_cut },
  { name: 'Migration20261207090000_knowledge_terms_version', class: Migration20261207090000_knowledge_terms_version },
  { name: 'Migration20261208090000_used_auth_states', class: Migration20261208090000_used_auth_states },
];
