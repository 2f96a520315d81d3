import type { User } from "../../contract/user";

/** The signed-in user of the web's unit tests (the contract's shape, Portuguese-speaking). */
export const testUser: User = {
  id: "3f1c2a7e-9b4d-4c1a-8e2f-5a6b7c8d9e0f",
  email: "ana@example.com",
  name: "Ana Souza",
  firstName: "Ana",
  lastName: "Souza",
  profileImageUrl: null,
  emailVerified: true,
  preferredLanguage: "pt",
  budgetAlertEmails: true,
  twoFactorEnabled: false,
  createdAt: "2025-01-10T12:00:00.000Z",
  updatedAt: "2025-01-10T12:00:00.000Z",
};
