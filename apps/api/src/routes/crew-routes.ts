import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { addCrewMember } from "@fieldops/domain/crews/add-crew-member";
import { createCrew } from "@fieldops/domain/crews/create-crew";
import { deleteCrew } from "@fieldops/domain/crews/delete-crew";
import { getCrew } from "@fieldops/domain/crews/get-crew";
import { getCrewLoad } from "@fieldops/domain/crews/get-crew-load";
import { listCrews } from "@fieldops/domain/crews/list-crews";
import { removeCrewMember } from "@fieldops/domain/crews/remove-crew-member";
import { setMemberHome } from "@fieldops/domain/crews/set-member-home";
import { updateCrew } from "@fieldops/domain/crews/update-crew";
import { addTeamMember } from "@fieldops/domain/team/add-team-member";
import { listTeam } from "@fieldops/domain/team/list-team";
import { crewEndpoints } from "@fieldops/shared/crews";
import { can } from "@fieldops/shared/permissions";
import type { AppContext } from "../context.ts";
import { tenantEndpoint } from "../http/endpoint-route.ts";

export const crewRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  // Members' homes are for those who manage crews.
  tenantEndpoint(app, context, crewEndpoints.list, async ({ tx, user }) => ({
    items: await listCrews(tx, { showHomes: can(user, "crews.manage") }),
  }));
  tenantEndpoint(app, context, crewEndpoints.create, (scope, { body }) => createCrew(scope, body));
  tenantEndpoint(app, context, crewEndpoints.get, ({ tx, user }, { params }) =>
    getCrew(tx, { crewId: params.id, showHomes: can(user, "crews.manage") }),
  );
  tenantEndpoint(app, context, crewEndpoints.update, (scope, { params, body }) =>
    updateCrew(scope, { ...body, crewId: params.id }, context),
  );
  tenantEndpoint(app, context, crewEndpoints.delete, async (scope, { params }) => {
    await deleteCrew(scope, { crewId: params.id });
    return null;
  });
  tenantEndpoint(app, context, crewEndpoints.addMember, (scope, { params, body }) =>
    addCrewMember(scope, { crewId: params.id, userId: body.userId }),
  );
  tenantEndpoint(app, context, crewEndpoints.removeMember, (scope, { params }) =>
    removeCrewMember(scope, { crewId: params.id, userId: params.userId }),
  );
  tenantEndpoint(app, context, crewEndpoints.load, (scope, { params, query }) =>
    getCrewLoad(scope, { crewId: params.id, week: query.week }),
  );

  tenantEndpoint(app, context, crewEndpoints.setMemberHome, (scope, { params, body }) =>
    setMemberHome(scope, { ...body, userId: params.userId }, context),
  );
  tenantEndpoint(app, context, crewEndpoints.team, (scope) => listTeam(scope));
  tenantEndpoint(app, context, crewEndpoints.addTeamMember, (scope, { body }) => addTeamMember(scope, body));
};
