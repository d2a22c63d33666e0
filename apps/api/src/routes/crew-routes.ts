import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { addCrewMember } from "@fieldops/domain/crews/add-crew-member";
import { createCrew } from "@fieldops/domain/crews/create-crew";
import { deleteCrew } from "@fieldops/domain/crews/delete-crew";
import { getCrew } from "@fieldops/domain/crews/get-crew";
import { getCrewLoad } from "@fieldops/domain/crews/get-crew-load";
import { listCrews } from "@fieldops/domain/crews/list-crews";
import { removeCrewMember } from "@fieldops/domain/crews/remove-crew-member";
import { updateCrew } from "@fieldops/domain/crews/update-crew";
import { addTeamMember } from "@fieldops/domain/team/add-team-member";
import { listTeam } from "@fieldops/domain/team/list-team";
import { API_PATHS } from "@fieldops/shared/api-paths";
import { errorResponseSchema } from "@fieldops/shared/auth";
import {
  addCrewMemberRequestSchema,
  addTeamMemberRequestSchema,
  createCrewRequestSchema,
  crewIdParamsSchema,
  crewListResponseSchema,
  crewLoadQuerySchema,
  crewLoadSchema,
  crewMemberParamsSchema,
  crewSchema,
  teamMemberSchema,
  teamResponseSchema,
  updateCrewRequestSchema,
} from "@fieldops/shared/crews";
import type { AppContext } from "../context.ts";
import { crewChanged } from "@fieldops/domain/crews/crews-events";
import { withCompanyUser } from "../http/tenant-route.ts";

const readErrors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
const writeErrors = { ...readErrors, 403: errorResponseSchema, 409: errorResponseSchema };
const tags = ["crews"];

export const crewRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.get(
    API_PATHS.crews,
    { schema: { tags, summary: "The company's crews", response: { 200: crewListResponseSchema, ...readErrors } } },
    async (request) => withCompanyUser(context, request, async ({ tx }) => ({ items: await listCrews(tx) })),
  );

  app.post(
    API_PATHS.crews,
    {
      schema: {
        tags,
        summary: "Create a crew",
        body: createCrewRequestSchema,
        response: { 201: crewSchema, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await withCompanyUser(
          context,
          request,
          ({ tx, user }) => createCrew(tx, { ...request.body, companyId: user.companyId }),
          {
            capability: "crews.manage",
            publish: (crew) => crewChanged(crew.id),
          },
        ),
      ),
  );

  app.get(
    API_PATHS.crew,
    {
      schema: {
        tags,
        summary: "A crew with its members, skills, hours and breaks",
        params: crewIdParamsSchema,
        response: { 200: crewSchema, ...readErrors },
      },
    },
    async (request) => withCompanyUser(context, request, ({ tx }) => getCrew(tx, { crewId: request.params.id })),
  );

  app.patch(
    API_PATHS.crew,
    {
      schema: {
        tags,
        summary: "Change a crew; each field given replaces its value",
        params: crewIdParamsSchema,
        body: updateCrewRequestSchema,
        response: { 200: crewSchema, ...writeErrors },
      },
    },
    async (request) =>
      withCompanyUser(
        context,
        request,
        ({ tx, user }) => updateCrew(tx, { ...request.body, crewId: request.params.id, companyId: user.companyId }),
        { capability: "crews.manage", publish: (crew) => crewChanged(crew.id) },
      ),
  );

  app.delete(
    API_PATHS.crew,
    {
      schema: {
        tags,
        summary: "Delete a crew (its visits become unassigned); deleting a crew that is gone succeeds",
        params: crewIdParamsSchema,
        response: { 204: z.null(), ...writeErrors },
      },
    },
    async (request, reply) => {
      await withCompanyUser(context, request, ({ tx }) => deleteCrew(tx, { crewId: request.params.id }), {
        capability: "crews.manage",
        publish: () => crewChanged(request.params.id),
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    API_PATHS.crewMembers,
    {
      schema: {
        tags,
        summary: "Add a user of the company to a crew",
        params: crewIdParamsSchema,
        body: addCrewMemberRequestSchema,
        response: { 200: crewSchema, ...writeErrors },
      },
    },
    async (request) =>
      withCompanyUser(
        context,
        request,
        ({ tx, user }) =>
          addCrewMember(tx, { crewId: request.params.id, userId: request.body.userId, companyId: user.companyId }),
        { capability: "crews.manage", publish: (crew) => crewChanged(crew.id) },
      ),
  );

  app.delete(
    API_PATHS.crewMember,
    {
      schema: {
        tags,
        summary: "Remove a user from a crew",
        params: crewMemberParamsSchema,
        response: { 200: crewSchema, ...writeErrors },
      },
    },
    async (request) =>
      withCompanyUser(
        context,
        request,
        ({ tx }) => removeCrewMember(tx, { crewId: request.params.id, userId: request.params.userId }),
        {
          capability: "crews.manage",
          publish: (crew) => crewChanged(crew.id),
        },
      ),
  );

  app.get(
    API_PATHS.crewLoad,
    {
      schema: {
        tags,
        summary: "A crew's visits and scheduled minutes against its working minutes, per day of a week",
        params: crewIdParamsSchema,
        querystring: crewLoadQuerySchema,
        response: { 200: crewLoadSchema, ...readErrors },
      },
    },
    async (request) =>
      withCompanyUser(context, request, ({ tx, user }) =>
        getCrewLoad(tx, { crewId: request.params.id, companyId: user.companyId, week: request.query.week }),
      ),
  );

  app.get(
    API_PATHS.team,
    {
      schema: {
        tags: ["team"],
        summary: "The company's users with their role and crews",
        response: { 200: teamResponseSchema, ...readErrors },
      },
    },
    async (request) => withCompanyUser(context, request, ({ tx, user }) => listTeam(tx, { companyId: user.companyId })),
  );

  app.post(
    API_PATHS.team,
    {
      schema: {
        tags: ["team"],
        summary: "Add a team member (owner only), within the plan's team-member limit",
        body: addTeamMemberRequestSchema,
        response: { 201: teamMemberSchema, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await withCompanyUser(
          context,
          request,
          ({ tx, user }) => addTeamMember(tx, { ...request.body, companyId: user.companyId }),
          {
            capability: "team.add_member",
          },
        ),
      ),
  );
};
