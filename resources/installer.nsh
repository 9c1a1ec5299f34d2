; Phase 10's additions to electron-builder's NSIS installer (electron-builder.config.ts: nsis.include).
;
; LAN play needs inbound connections: the table's WebSocket/HTTP port and mDNS (UDP 5353). Without a rule,
; Windows Defender Firewall blocks them silently until someone answers its prompt, and on a Public network
; players simply never see the table. So the installer adds one rule for the app's executable, on Private
; networks only, and the uninstaller removes it.
;
; The install is per-user (no administrator), but firewall rules need one: netsh runs elevated through
; ShellExecute "runas" (one UAC prompt). Declining it only means Windows asks on the first hosted game.
; Updates (electron-updater runs the installer with --updated) keep the rule and ask nothing.

!define P10_FIREWALL_RULE "Phase 10 (LAN play)"

!macro p10FirewallRuleAdd
  ; Delete first, so reinstalling to another folder never leaves two rules.
  ExecShellWait "runas" "$SYSDIR\cmd.exe" '/c netsh advfirewall firewall delete rule name="${P10_FIREWALL_RULE}" & netsh advfirewall firewall add rule name="${P10_FIREWALL_RULE}" dir=in action=allow program="$INSTDIR\${APP_EXECUTABLE_FILENAME}" enable=yes profile=private' SW_HIDE
!macroend

!macro p10FirewallRuleDelete
  ExecShellWait "runas" "$SYSDIR\netsh.exe" 'advfirewall firewall delete rule name="${P10_FIREWALL_RULE}"' SW_HIDE
!macroend

!macro customInstall
  ${ifNot} ${isUpdated}
    !insertmacro p10FirewallRuleAdd
  ${endIf}
!macroend

!macro customUnInstall
  ${ifNot} ${isUpdated}
    !insertmacro p10FirewallRuleDelete
  ${endIf}
!macroend
