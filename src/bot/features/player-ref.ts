import type { User } from "grammy/types";
import type { PlayerRef } from "../../services/index.js";

export const playerRef = (u: User): PlayerRef => ({
  id: u.id,
  firstName: u.first_name,
  lastName: u.last_name ?? null,
  username: u.username ?? null,
  languageCode: u.language_code ?? null,
});
