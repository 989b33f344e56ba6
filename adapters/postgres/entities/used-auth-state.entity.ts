import { defineEntity, p } from '@mikro-orm/core';

// The sign-in, install and connect states taken to a provider's token endpoint (docs/web.md,
// "One use per sign-in, install and connect"): the SHA-256 of flow and state only, never the
// code, kept until the state would have expired anyway.
export const UsedAuthStateEntity = defineEntity({
  name: 'UsedAuthState',
  tableName: 'used_auth_states',
  properties: {
    stateHash: p.string().length(64).primary(),
    expiresAt: p.datetime().index(),
  },
});
