/** HTTP only: heights measured on a photo, a pole's measurements, its lean. */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  imageIdParamsSchema,
  leanRequestSchema,
  leanResponseSchema,
  measurementCreateSchema,
  measurementIdParamsSchema,
  measurementResponseSchema,
  poleIdParamsSchema,
  poleMeasurementsSchema,
} from "@poleatlas/shared";
import type { RequireActor } from "../workspaces/actor";
import type { LeanService } from "./lean.service";
import type { MeasurementsService } from "./measurements.service";

export function measurementsRoutes(
  app: FastifyInstance,
  deps: { requireActor: RequireActor; measurements: MeasurementsService; lean: LeanService },
) {
  const { requireActor, measurements, lean } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    "/api/images/:id/measurements",
    {
      schema: {
        params: imageIdParamsSchema,
        body: measurementCreateSchema,
        response: { 201: measurementResponseSchema },
      },
    },
    async (req, reply) => {
      const measurement = await measurements.create(await requireActor(req), req.params.id, req.body);
      return reply.code(201).send({ measurement });
    },
  );

  api.get(
    "/api/poles/:id/measurements",
    { schema: { params: poleIdParamsSchema, response: { 200: poleMeasurementsSchema } } },
    async (req) => measurements.list(await requireActor(req), req.params.id),
  );

  api.delete(
    "/api/measurements/:id",
    { schema: { params: measurementIdParamsSchema, response: { 204: z.undefined() } } },
    async (req, reply) => {
      await measurements.remove(await requireActor(req), req.params.id);
      return reply.code(204).send();
    },
  );

  api.post(
    "/api/poles/:id/lean",
    {
      schema: { params: poleIdParamsSchema, body: leanRequestSchema, response: { 200: leanResponseSchema } },
    },
    async (req) => lean.measure(await requireActor(req), req.params.id, req.body),
  );
}
