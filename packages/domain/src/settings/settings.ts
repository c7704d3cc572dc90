import { z } from 'zod';

// '/settings' (spec 3 §2.1): leader levels, the service list and the dashboard banner.

export const SETTINGS_MESSAGES = {
  serviceUpdated: 'Service Settings Updated!',
  serviceNameRequired: 'Please enter a service name.',
  serviceNameTaken: 'A service with this name already exists.',
  serviceNotFound: 'Service not found',
  bannerNotAnImage: 'Please upload a JPEG or PNG image for the banner.',
  bannerAdded: 'Banner added successfully!',
} as const;

/** A row of '/settings/levels': name, level, description. */
export const StructureLevel = z.object({
  id: z.number().int(),
  name: z.string(),
  level: z.number().int(),
  description: z.string().nullable(),
});
export type StructureLevel = z.infer<typeof StructureLevel>;
export const StructureLevelList = z.array(StructureLevel);

export const Service = z.object({ id: z.number().int(), name: z.string(), createdAt: z.string() });
export type Service = z.infer<typeof Service>;
export const ServiceList = z.array(Service);

/** The add-service form. */
export const NewServiceRequest = z.object({
  name: z.string().trim().min(1, { error: SETTINGS_MESSAGES.serviceNameRequired }).max(100),
});
export type NewServiceRequest = z.infer<typeof NewServiceRequest>;

/** 'Add Banner': an image uploaded to the 'dash' folder becomes the dashboard's banner. */
export const NewBannerRequest = z.object({ fileId: z.uuid() });
export type NewBannerRequest = z.infer<typeof NewBannerRequest>;

export const Banner = z.object({
  id: z.number().int(),
  fileId: z.string(),
  /** `/api/files/{fileId}`. */
  url: z.string(),
  createdAt: z.string(),
});
export type Banner = z.infer<typeof Banner>;

/** The newest banner, shown on '/settings/banner' (none yet: null). */
export const CurrentBanner = z.object({ banner: Banner.nullable() });
export type CurrentBanner = z.infer<typeof CurrentBanner>;
