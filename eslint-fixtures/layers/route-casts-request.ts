// A route that casts its request instead of typing it by its guard and schema.
import type { Request, Response } from "express";

export function handler(req: Request, res: Response) {
  const id = req.user!.id;
  const body = req.body as { title: string };
  res.json({ message: `${id} ${body.title}` });
}
