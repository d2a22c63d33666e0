import {
  companyProfileSchema,
  type UpdateCompanyProfileRequest,
  type UploadLogoRequest,
  companySettingsEndpoints,
} from "@fieldops/shared/company-settings";
import { COMPANY_QUERY_KEY } from "../../lib/company";
import { sendJson, useParsedQuery, useWrite } from "../../lib/queries";
import { QUERY_KEYS } from "../../lib/query-keys";

export const useCompanyProfile = (enabled = true) =>
  useParsedQuery(QUERY_KEYS.companyProfile, companyProfileSchema, enabled);

export const useUpdateCompanyProfile = () =>
  useWrite(
    async (input: UpdateCompanyProfileRequest) =>
      companyProfileSchema.parse(await sendJson("PUT", companySettingsEndpoints.profile.path, input)),
    [QUERY_KEYS.companyProfile, COMPANY_QUERY_KEY],
  );

export const useUploadLogo = () =>
  useWrite(
    (input: UploadLogoRequest) => sendJson("PUT", companySettingsEndpoints.logo.path, input),
    [QUERY_KEYS.companyProfile, COMPANY_QUERY_KEY],
  );
export const useRemoveLogo = () =>
  useWrite(
    () => sendJson("DELETE", companySettingsEndpoints.logo.path),
    [QUERY_KEYS.companyProfile, COMPANY_QUERY_KEY],
  );
