import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { addCrewMember } from "@fieldops/domain/crews/add-crew-member";
import { createCrew } from "@fieldops/domain/crews/create-crew";
import { crewChanged } from "@fieldops/domain/crews/crews-events";
import { deleteCrew } from "@fieldops/domain/crews/delete-crew";
import { getCrew } from "@fieldops/domain/crews/get-crew";
import { getCrewLoad } from "@fieldops/domain/crews/get-crew-load";
import { listCrews } from "@fieldops/domain/crews/list-crews";
import { removeCrewMember } from "@fieldops/domain/crews/remove-crew-member";
import { updateCrew } from "@fieldops/domain/crews/update-crew";
import { addTeamMember } from "@fieldops/domain/team/add-team-member";
import { listTeam } from "@fieldops/domain/team/list-team";
import { crewEndpoints } from "@fieldops/shared/crews";
import type { AppContext } from "../context.ts";
import { tenantEndpoint } from "../http/endpoint-route.ts";

/** What a change to a crew announces: the crew it returned. */
const publishCrew = { publish: (crew: { id: string }) => crewChanged(crew.id) };

export const crewRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  tenantEndpoint(app, context, crewEndpoints.list, async ({ tx }) => ({ items: await listCrews(tx) }));
  tenantEndpoint(
    app,
    context,
    crewEndpoints.create,
    ({ tx, companyId }, { body }) => createCrew(tx, { ...body, companyId }),
    publishCrew,
  );
  tenantEndpoint(app, context, crewEndpoints.get, ({ tx }, { params }) => getCrew(tx, { crewId: params.id }));
  tenantEndpoint(
    app,
    context,
    crewEndpoints.update,
    ({ tx, companyId }, { params, body }) => updateCrew(tx, { ...body, crewId: params.id, companyId }),
    publishCrew,
  );
  tenantEndpoint(app, context, crewEndpoints.delete, async ({ tx, emit }, { params }) => {
    await deleteCrew(tx, { crewId: params.id });
    emit(crewChanged(params.id));
    return null;
  });
  tenantEndpoint(
    app,
    context,
    crewEndpoints.addMember,
    ({ tx, companyId }, { params, body }) => addCrewMember(tx, { crewId: params.id, userId: body.userId, companyId }),
    publishCrew,
  );
  tenantEndpoint(
    app,
    context,
    crewEndpoints.removeMember,
    ({ tx }, { params }) => removeCrewMember(tx, { crewId: params.id, userId: params.userId }),
    publishCrew,
  );
  tenantEndpoint(app, context, crewEndpoints.load, ({ tx, companyId }, { params, query }) =>
    getCrewLoad(tx, { crewId: params.id, companyId, week: query.week }),
  );

  tenantEndpoint(app, context, crewEndpoints.team, ({ tx, companyId }) => listTeam(tx, { companyId }));
  tenantEndpoint(app, context, crewEndpoints.addTeamMember, ({ tx, companyId }, { body }) =>
    addTeamMember(tx, { ...body, companyId }),
  );
};
