export { AcceptInvitationPage } from "./components/accept-invitation-page";
