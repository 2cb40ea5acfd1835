-- Issue 17: a structural edit reads the subtree it moves or deletes and the links touching it, not the whole tree.
CREATE INDEX "fmea_links_from" ON "fmea_links" USING btree ("fmea_id","from_id");--> statement-breakpoint
CREATE INDEX "fmea_links_to" ON "fmea_links" USING btree ("fmea_id","to_id");--> statement-breakpoint
CREATE INDEX "fmea_nodes_parent" ON "fmea_nodes" USING btree ("fmea_id","parent_id");