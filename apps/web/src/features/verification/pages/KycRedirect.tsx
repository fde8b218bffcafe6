import { Navigate } from '../../../shared/router/index.tsx';

/** `/account/center/kyc` is the account centre's `kyc` tab. */
export default function KycRedirect() {
  return <Navigate to="/account/center?tab=kyc" replace />;
}
