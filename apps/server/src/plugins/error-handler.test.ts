import Fastify from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { registerErrorHandler } from "./error-handler";

async function appWithRoute() {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.withTypeProvider<ZodTypeProvider>().get(
    "/things/:id",
    {
      schema: {
        params: z.object({ id: z.uuid() }),
        querystring: z.object({ limit: z.coerce.number().int().max(10).optional() }),
        response: { 200: z.object({ id: z.string() }) },
      },
    },
    // The extra field must not reach the client: responses are serialized by their schema.
    (req) => ({ id: req.params.id, secret: "leak" }) as { id: string },
  );
  return app;
}

describe("route schemas", () => {
  it("answers a bad param with 400 naming the field", async () => {
    const app = await appWithRoute();
    const res = await app.inject({ url: "/things/not-a-uuid" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "invalid_request", field: "params.id" });
  });

  it("answers a bad query value with 400 naming the field", async () => {
    const app = await appWithRoute();
    const res = await app.inject({ url: "/things/0b6f1a3e-6a1e-4a5e-9b6e-0f6c1a2b3c4d?limit=99" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: "querystring.limit" });
  });

  it("serializes only what the response schema lists", async () => {
    const app = await appWithRoute();
    const res = await app.inject({ url: "/things/0b6f1a3e-6a1e-4a5e-9b6e-0f6c1a2b3c4d" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: "0b6f1a3e-6a1e-4a5e-9b6e-0f6c1a2b3c4d" });
  });
});
