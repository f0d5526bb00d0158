/** POST /api/images/:id/blur: blur rectangles of a stored photo by hand (manual-blur.ts). */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { blurRequestSchema, imageIdParamsSchema, imageResponseSchema } from "@poleatlas/shared";
import type { RequireActor } from "../workspaces/actor";
import type { ManualBlur } from "./manual-blur";

export function blurRoutes(
  app: FastifyInstance,
  deps: { requireActor: RequireActor; manualBlur: ManualBlur },
): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    "/api/images/:id/blur",
    {
      schema: {
        params: imageIdParamsSchema,
        body: blurRequestSchema,
        response: { 200: imageResponseSchema },
      },
    },
    async (req) => {
      const actor = await deps.requireActor(req);
      return { image: await deps.manualBlur.blur(actor, req.params.id, req.body.boxes) };
    },
  );
}
